/** What other features may use of packs: the profile's offers, My Bookings' packs, the tutor dashboard's offers. */
export { ProfilePacks } from './ProfilePacks';
export { MyPacksSection } from './MyPacksSection';
export { TutorPackOffersSection } from './TutorPackOffersSection';
