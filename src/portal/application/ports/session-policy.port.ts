// How long sessions live, from the configuration (PORTAL_SESSION_IDLE_MINUTES, PORTAL_SESSION_MAX_HOURS).
export const SESSION_POLICY = Symbol('PortalSessionPolicy');
