'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { createDeploymentWatcher, fetchDeployedBuildId, newBuildStore } from './deployment';
import styles from './runtime.module.css';
import { text } from './text-keys';

const none = () => null;

/**
 * Watches for a new deployment (spec §4) and then offers a reload in a polite status banner.
 * The next link navigation becomes a full page load either way (see link-navigation.ts).
 */
export function NewVersionNotice({ texts }: { texts: Record<string, string> }) {
  const newBuild = useSyncExternalStore(newBuildStore.subscribe, newBuildStore.get, none);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const watcher = createDeploymentWatcher({
      currentBuildId: process.env.NEXT_PUBLIC_BUILD_ID,
      fetchBuildId: () => fetchDeployedBuildId(),
      visibility: document,
      onNewBuild: (buildId) => newBuildStore.set(buildId),
    });
    watcher.start();
    return () => watcher.stop();
  }, []);

  // The live region is always in the page, so screen readers announce the banner when it appears.
  return (
    <div role="status" className={styles.versionRegion}>
      {newBuild && !dismissed ? (
        <div className={styles.versionBanner}>
          <p className={styles.versionText}>
            <strong className={styles.versionTitle}>{text(texts, 'modal.new_version_title')}</strong>{' '}
            {text(texts, 'modal.new_version_message')}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={() => window.location.reload()}>
              {text(texts, 'modal.new_version_reload')}
            </button>
            <button type="button" className={styles.buttonSecondary} onClick={() => setDismissed(true)}>
              {text(texts, 'modal.close')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
