// Loaded only through import() in consent-banner.ts: the stylesheets travel with this chunk,
// and Next's chunk loader adds them to the page when the chunk arrives.
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-theme.css';

export { run, showPreferences, acceptedCategory, acceptCategory, validConsent } from 'vanilla-cookieconsent';
