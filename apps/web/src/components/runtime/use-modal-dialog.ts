'use client';

import { useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown as a modal when it mounts: the rest of the page is inert, Tab stays inside,
 * Escape closes it, and showModal() focuses its first control. No close() on cleanup: unmounting
 * takes it out of the top layer anyway, and a close event queued by Strict Mode's remount would
 * dismiss the modal at once.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return dialog;
}
