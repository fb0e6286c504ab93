/**
 * The reader pages' islands script (decision 016). Reader pages are rendered by React on the server and are
 * not hydrated; this one small module gives their interactive parts their behaviour, each found by a data
 * attribute in the server's markup. Everything works without it: links are links, forms are forms and the
 * bell and menu are native disclosures.
 */
import { fillAdSlots } from "./ad-slots";
import { enhanceAdPackages } from "./ad-packages";
import { enhanceContactForms } from "./contact-form";
import { enhanceDisclosures } from "./disclosures";
import { enhanceHeaderSearches } from "./header-search";
import { enhanceNewsletterSignups } from "./newsletter-signup";
import { enhanceNotificationsBell } from "./notifications-bell";
import { enhanceSearchPageForm } from "./search-page";
import { enhanceShareButtons } from "./share-button";
import { enhanceHeaderShadow, enhanceNewsletterLinks } from "./site-header";
import { enhanceThemeToggles } from "./theme-toggle";
import { sendViewBeacon } from "./view-beacon";

enhanceThemeToggles(document);
enhanceHeaderShadow(document);
enhanceHeaderSearches(document);
enhanceDisclosures(document);
enhanceNewsletterLinks(document);
enhanceShareButtons(document);
enhanceNewsletterSignups(document);
enhanceSearchPageForm(document);
enhanceContactForms(document);
enhanceAdPackages(document);
fillAdSlots(document);
sendViewBeacon(document);
// Last: the bell's "N new" name is what the end-to-end tests wait for before they use the page.
enhanceNotificationsBell(document);
