/**
 * Reading a pack, for the domains the packs service itself calls (payments confirms a pack's
 * payment; notifications names it on a receipt): importing the service from there would loop back.
 */
export { getPack } from './repository.js';
