import { StaticImage as Image } from '../content/static-image';
import Link from 'next/link';
import { richText } from '@/lib/rich-text';
import type { FooterDocument } from '@/lib/site-chrome';

const isExternal = (url: string) => /^https?:\/\//.test(url);

function FooterLink({
  url,
  newTab,
  children,
  className,
}: {
  url: string;
  newTab?: boolean;
  children: React.ReactNode;
  className?: string;
}) {
  const targetProps = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (isExternal(url)) {
    return (
      <a href={url} className={className} {...targetProps}>
        {children}
      </a>
    );
  }
  return (
    <Link href={url} className={className} prefetch={false} {...targetProps}>
      {children}
    </Link>
  );
}

/**
 * Footer of spec §2: HTML text blocks, links (optionally in a new tab), logos, three rows of
 * partner images and the copyright line; on the 12-column grid at xl and xxl when use_in_grid.
 */
export function SiteFooter({ footer, label }: { footer: FooterDocument; label: string }) {
  const rows = ['row1', 'row2', 'row3'].map((row) => footer.partner_images?.[row] ?? []).filter((row) => row.length > 0);
  return (
    <footer className={`site-footer${footer.use_in_grid ? ' footer-grid' : ''}`} aria-label={label}>
      <div className="footer-texts">
        {(footer.text ?? []).map((block) => (
          <section key={block.header} className="footer-text">
            <h2>{block.header}</h2>
            <div className="rich-text" dangerouslySetInnerHTML={richText(block.details)} />
          </section>
        ))}
      </div>
      {footer.links?.length ? (
        <ul className="footer-links">
          {footer.links.map((link) => (
            <li key={link.url}>
              <FooterLink url={link.url} newTab={link.newTab}>
                {link.linkName}
              </FooterLink>
            </li>
          ))}
        </ul>
      ) : null}
      {footer.logos?.length ? (
        <ul className="footer-logos">
          {footer.logos.map((logo) => {
            const src = logo.img?.url_xl?.url ?? logo.img?.url_xs?.url;
            if (!src) return null;
            const image = <Image src={src} alt={logo.alt} width={120} height={40} />;
            return (
              <li key={logo.alt} data-gtm={logo.googleTagName}>
                {logo.link ? (
                  <FooterLink url={logo.link} newTab={isExternal(logo.link)}>
                    {image}
                  </FooterLink>
                ) : (
                  image
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {rows.map((row, index) => (
        <ul key={index} className="footer-partners">
          {row.map((partner) => (
            <li key={partner.url + partner.alt}>
              <Image src={partner.url} alt={partner.alt} width={100} height={30} />
            </li>
          ))}
        </ul>
      ))}
      {footer.copyright_text ? <p className="footer-copyright">{footer.copyright_text}</p> : null}
    </footer>
  );
}
