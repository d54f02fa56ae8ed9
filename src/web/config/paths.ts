/**
 * Every route of the portal (spec section 2), in one place: pages link with `getHref()` and the
 * router declares `path`, so no page spells a URL by hand.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  signup: { path: '/signup', getHref: () => '/signup' },
  waitlist: { path: '/waitlist', getHref: () => '/waitlist' },
  faceVerification: { path: '/face-verification', getHref: () => '/face-verification' },
  /** The passkey screen (spec section 2, "Passkey screen"). */
  webauthn: { path: '/webauthn', getHref: () => '/webauthn' },
  webauthnLogin: { path: '/webauthn-login', getHref: () => '/webauthn-login' },
  /** Where pages that need a session send a signed-out visitor; shows the passkey screen. */
  login: { path: '/login', getHref: () => '/login' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  profile: { path: '/profile', getHref: () => '/profile' },
  actions: { path: '/actions', getHref: () => '/actions' },
  applications: { path: '/applications', getHref: () => '/applications' },
  application: {
    path: '/application/:id',
    getHref: (id: number) => `/application/${id}`,
  },
  messages: { path: '/messages', getHref: () => '/messages' },
  moi: { path: '/moi', getHref: () => '/moi' },
  help: { path: '/help', getHref: () => '/help' },
  pwaDebug: { path: '/pwa-debug', getHref: () => '/pwa-debug' },
  notFound: { path: '*' },
} as const;
