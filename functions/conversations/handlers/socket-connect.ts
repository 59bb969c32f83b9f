import { connect, type SocketEvent } from '../sockets.js';

export const handler = (event: SocketEvent) => connect(event);
