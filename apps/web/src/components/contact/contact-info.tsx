import styles from './contact.module.css';
import { richText } from '@/lib/rich-text';

export interface ContactSection {
  title: string;
  content: string;
}

/** The system config contact_form_content (spec §3): three sections of a title and HTML content. */
export function toContactSections(value: unknown): ContactSection[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value as Record<string, unknown>) : [];
  return list
    .filter((item): item is ContactSection => {
      const section = item as Partial<ContactSection> | null;
      return typeof section?.title === 'string' && typeof section.content === 'string';
    })
    .slice(0, 3);
}

/** The operator's texts beside the form: opening hours, other ways to reach us, help with gambling. */
export function ContactInfo({ sections, label }: { sections: ContactSection[]; label: string }) {
  if (sections.length === 0) return null;
  return (
    <aside className={styles.info} aria-label={label}>
      {sections.map((section, index) => (
        <section key={`${index}-${section.title}`} className={styles.infoSection}>
          <h2 className={styles.infoTitle}>{section.title}</h2>
          {/* Operator content from the platform's CMS, as the footer's text blocks. */}
          <div className={`rich-text ${styles.infoContent}`} dangerouslySetInnerHTML={richText(section.content)} />
        </section>
      ))}
    </aside>
  );
}
