/** Pure parts of sharing: the page's canonical address and the WhatsApp link (wa.me, any phone's WhatsApp). */

/** The absolute address of an app path on this site: what is shared, never the address bar's query or fragment. */
export const canonicalUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

/** WhatsApp's share link: the text, then the address, as one message the sender picks a chat for. */
export const whatsappLink = (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
