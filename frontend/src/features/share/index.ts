/** What other features may use of sharing: the Share controls of public pages. */
export { ShareButton, ShareCourse, ShareTutor } from './ShareButton';
