import { disconnect, type SocketEvent } from '../sockets.js';

export const handler = (event: SocketEvent) => disconnect(event);
