/** What other features may use of auth: the session, the signed-in user and how to greet them. */
export { greetingName, ROLE_LABELS, type AuthLinkState, type Viewer } from './access';
export { useSession, useSignOutToHome } from './session';
export { authKeys } from './keys';
export { useMe, useViewer } from './useMe';
