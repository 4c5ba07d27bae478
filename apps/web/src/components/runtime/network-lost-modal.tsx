'use client';

import { useModalDialog } from './use-modal-dialog';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import {
  connectivityStore,
  createConnectivityMonitor,
  isNetworkModalExcludedPath,
  pingServer,
  requestCloseSessionModal,
  type ConnectivityState,
} from './connectivity';
import styles from './runtime.module.css';
import { text } from './text-keys';

const ONLINE: ConnectivityState = { online: true, networkModalDue: false };
const serverState = () => ONLINE;

/** Runs the connectivity monitor and shows the network-lost modal (spec §2, §4). */
export function NetworkMonitor({ texts }: { texts: Record<string, string> }) {
  const pathname = usePathname();
  const state = useSyncExternalStore(connectivityStore.subscribe, connectivityStore.get, serverState);
  // The outage the player closed the modal for; the next outage is a new state object.
  const [dismissed, setDismissed] = useState<ConnectivityState | null>(null);
  const open = state.networkModalDue && dismissed !== state && !isNetworkModalExcludedPath(pathname);

  useEffect(() => {
    const monitor = createConnectivityMonitor({
      ping: () => pingServer(),
      events: window,
      isOnline: () => navigator.onLine !== false,
    });
    monitor.start();
    return () => monitor.stop();
  }, []);

  useEffect(() => {
    if (open) requestCloseSessionModal(window);
  }, [open]);

  return open ? <NetworkLostDialog texts={texts} onDismiss={() => setDismissed(state)} /> : null;
}

function NetworkLostDialog({ texts, onDismiss }: { texts: Record<string, string>; onDismiss: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  const messageId = useId();

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} aria-describedby={messageId} onClose={onDismiss}>
      <span className={styles.spinner} aria-hidden="true" />
      <h2 id={titleId} className={styles.dialogTitle}>
        {text(texts, 'modal.network_lost_title')}
      </h2>
      <p id={messageId} className={styles.dialogMessage}>
        {text(texts, 'modal.network_lost_message')}
      </p>
      {/* showModal() focuses the first button: retry. */}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => window.location.reload()}>
          {text(texts, 'modal.network_retry')}
        </button>
        <button type="button" className={styles.buttonSecondary} onClick={() => dialog.current?.close()}>
          {text(texts, 'modal.close')}
        </button>
      </div>
    </dialog>
  );
}
