/**
 * Where a student books a US visa interview, by the post's country as the wait-time data names
 * it (spec section 4, 'Schedule Appointment': "a fixed lookup of about 55 countries ... and
 * otherwise a general embassy site"). Three kinds of site exist: the AIS booking system
 * (`ais.usvisa-info.com/{locale}/niv`), the US Visa Scheduling system, and, where neither
 * serves the country, the embassy's own visa page, which links to whichever system it uses.
 */

const AIS_LOCALES: Readonly<Record<string, string>> = {
  Argentina: 'es-ar',
  Brazil: 'pt-br',
  Canada: 'en-ca',
  Chile: 'es-cl',
  Colombia: 'es-co',
  Ecuador: 'es-ec',
  Ireland: 'en-ie',
  Israel: 'en-il',
  Mexico: 'es-mx',
  Paraguay: 'es-py',
  Peru: 'es-pe',
  'Saudi Arabia': 'en-sa',
  Turkey: 'en-tr',
  'United Arab Emirates': 'en-ae',
  'United Kingdom': 'en-gb',
  Uruguay: 'es-uy',
};

const US_VISA_SCHEDULING_COUNTRIES: ReadonlySet<string> = new Set([
  'Bangladesh',
  'China',
  'India',
  'Nepal',
  'Pakistan',
]);

/** The subdomain of `{code}.usembassy.gov`, which is the country's ISO code in lower case. */
const EMBASSY_SUBDOMAINS: Readonly<Record<string, string>> = {
  Cambodia: 'kh',
  Cameroon: 'cm',
  'Côte d’Ivoire': 'ci',
  Egypt: 'eg',
  Ethiopia: 'et',
  France: 'fr',
  Germany: 'de',
  Ghana: 'gh',
  Indonesia: 'id',
  Italy: 'it',
  Japan: 'jp',
  Jordan: 'jo',
  Kazakhstan: 'kz',
  Kenya: 'ke',
  Lebanon: 'lb',
  Malaysia: 'my',
  Mongolia: 'mn',
  Morocco: 'ma',
  Myanmar: 'mm',
  Nigeria: 'ng',
  Philippines: 'ph',
  Rwanda: 'rw',
  Senegal: 'sn',
  'South Africa': 'za',
  'South Korea': 'kr',
  Spain: 'es',
  'Sri Lanka': 'lk',
  Tanzania: 'tz',
  Thailand: 'th',
  Uganda: 'ug',
  Uzbekistan: 'uz',
  Vietnam: 'vn',
  Zambia: 'zm',
  Zimbabwe: 'zw',
};

/** The general site: the State Department's list of US embassies and consulates. */
export const GENERAL_EMBASSY_SITE =
  'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/list-of-posts.html';

export function appointmentSiteFor(country: string): string {
  const aisLocale = AIS_LOCALES[country];
  if (aisLocale) return `https://ais.usvisa-info.com/${aisLocale}/niv`;
  if (US_VISA_SCHEDULING_COUNTRIES.has(country)) return 'https://www.usvisascheduling.com/';
  const embassy = EMBASSY_SUBDOMAINS[country];
  if (embassy) return `https://${embassy}.usembassy.gov/visas/`;
  return GENERAL_EMBASSY_SITE;
}
