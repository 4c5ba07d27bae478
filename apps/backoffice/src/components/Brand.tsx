import { da } from '../i18n/da';

/** The back office's mark: the crown and the product's name. */
export function Brand({ inverse = false }: { inverse?: boolean }) {
  return (
    <div className={inverse ? 'brand inverse' : 'brand'}>
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className="brand-mark-bg" />
        <path d="M7 22 5.5 10l6 5L16 7l4.5 8 6-5L25 22z" className="brand-mark-crown" />
        <rect x="7" y="23.5" width="18" height="2.5" rx="1" className="brand-mark-crown" />
      </svg>
      <span className="brand-name">{da.brand.name}</span>
      <span className="brand-product">{da.brand.product}</span>
    </div>
  );
}
