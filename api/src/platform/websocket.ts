import { WebSocketServer } from 'ws'

/** Largest WebSocket frame accepted (a whiteboard update or a chat message). */
const MAX_FRAME_BYTES = 1024 * 1024

/** The WebSocket server @hono/node-server upgrades into (`serve({ websocket: { server } })`). */
export const createSocketServer = () =>
	new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
