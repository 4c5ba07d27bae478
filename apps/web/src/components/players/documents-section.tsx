'use client';

import { formatDateTimeDa } from '@krone/domain';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import type { PlayerDocument } from '@/lib/platform-types';
import styles from './players.module.css';

export interface DocumentType {
  id: string;
  label: string;
}

/** Spec §5 and §9: at most 4 files at a time. */
export const MAX_FILES = 4;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';

/**
 * Identity documents (KYC) on the profile page: the type from optionUploadFile, up to 4 files,
 * and each uploaded document with its review status. The type of a file is checked by the
 * platform from its content; here only the count and size are checked before sending.
 */
export function DocumentsSection({ types, texts }: { types: DocumentType[]; texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [documents, setDocuments] = useState<PlayerDocument[] | null>(null);
  const [documentType, setDocumentType] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ type?: string; files?: string }>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const response = await fetch('/api/user/documents', { cache: 'no-store' });
      const body = (await response.json()) as { result?: number; data?: { documents: PlayerDocument[] } };
      if (body.result === 1 && body.data) setDocuments(body.data.documents);
    } catch {
      setDocuments((current) => current ?? []);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  function check(): { type?: string; files?: string } {
    const found: { type?: string; files?: string } = {};
    if (!documentType) found.type = 'validation.document_type_required';
    if (files.length === 0) found.files = 'validation.file_required';
    else if (files.length > MAX_FILES) found.files = 'profile.too_many_files';
    else if (files.some((file) => file.size > MAX_FILE_BYTES)) found.files = 'validation.file_too_large';
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const found = check();
    setErrors(found);
    if (found.type || found.files) {
      document.getElementById(`${id}-${found.type ? 'type' : 'files'}`)?.focus();
      return;
    }
    const form = new FormData();
    form.set('documentType', documentType);
    for (const file of files) form.append('files', file, file.name);
    setBusy(true);
    try {
      const response = await fetch('/api/user/documents', { method: 'POST', body: form, headers: { 'x-krone-csrf': '1' } });
      const body = (await response.json().catch(() => ({}))) as { result?: number; code?: string; message?: string };
      if (response.ok && body.result === 1) {
        setStatus({ ok: true, text: t('profile.upload_success') });
        setFiles([]);
        setDocumentType('');
        if (fileInput.current) fileInput.current.value = '';
        await load();
      } else if (body.code === 'UPLOAD_TOO_MANY_FILES') {
        setErrors({ files: 'profile.too_many_files' });
      } else {
        setStatus({ ok: false, text: body.message ?? t('profile.upload_error') });
      }
    } catch {
      setStatus({ ok: false, text: t('profile.upload_error') });
    } finally {
      setBusy(false);
    }
  }

  const typeLabel = (typeId: string) => types.find((type) => type.id === typeId)?.label ?? typeId;

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="documents-upload">
        <div className={styles.field}>
          <label htmlFor={`${id}-type`}>{t('profile.document_type_label')}</label>
          <select
            id={`${id}-type`}
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value)}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={errors.type ? `${id}-type-error` : undefined}
          >
            <option value="">{t('profile.document_type_placeholder')}</option>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.label}
              </option>
            ))}
          </select>
          {documentType === 'card_photo' ? <p className={styles.help}>{t('profile.card_photo_help')}</p> : null}
          {errors.type ? (
            <p className={styles.fieldError} id={`${id}-type-error`} data-testid="error-document-type">
              {t(errors.type)}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          {/* The browser's own file button speaks the browser's language; ours speaks Danish. */}
          <label htmlFor={`${id}-files`} className={styles.fileButton}>
            {t('profile.file_label')}
          </label>
          <input
            ref={fileInput}
            id={`${id}-files`}
            className="visually-hidden"
            type="file"
            name="files"
            multiple
            accept={ACCEPT}
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
            aria-invalid={errors.files ? true : undefined}
            aria-describedby={`${id}-files-help${errors.files ? ` ${id}-files-error` : ''}`}
          />
          <p className={styles.help} id={`${id}-files-help`}>
            {t('profile.file_help')}
          </p>
          {files.length > 0 ? <p className={styles.help}>{t('profile.selected_files', { count: String(files.length) })}</p> : null}
          {errors.files ? (
            <p className={styles.fieldError} id={`${id}-files-error`} data-testid="error-files">
              {t(errors.files)}
            </p>
          ) : null}
        </div>
        <div role="status" data-testid="documents-status">
          {status ? <p className={status.ok ? styles.muted : styles.fieldError}>{status.text}</p> : null}
        </div>
        <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {busy ? t('profile.uploading') : t('profile.upload_button')}
        </button>
      </form>
      <h3>{t('profile.uploaded_documents')}</h3>
      {documents === null ? (
        <p className={styles.muted}>{t('btn.loading')}</p>
      ) : documents.length === 0 ? (
        <p className={styles.muted}>{t('profile.no_documents')}</p>
      ) : (
        <ul className={styles.documents} data-testid="documents-list">
          {documents.map((document) => (
            <li key={document.id} data-status={document.status}>
              <div>
                <strong>{typeLabel(document.documentType)}</strong>
                <span className={styles.muted}>{document.name}</span>
                <span className={styles.muted}>{t('profile.uploaded_at', { date: formatDateTimeDa(document.createdAt) })}</span>
                {document.status === 'rejected' && document.rejectionReason ? (
                  <span>{t('profile.rejected_reason', { reason: document.rejectionReason })}</span>
                ) : null}
              </div>
              <span className={styles.badge} data-testid="document-status">
                {t(`profile.status_${document.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
