/** The first wait after a lost room connection; each failed try doubles it, up to the cap. */
export const RECONNECT_FIRST_MS = 1000
/** The longest wait between two tries, however long the server has been away. */
export const RECONNECT_CAP_MS = 5000

/**
 * How long to wait before try number `attempt` (0 for the first) to reach the room again:
 * exponential backoff, capped, with jitter (between half and all of it), so a classroom whose app
 * restarted does not come back all in the same instant.
 */
export function reconnectDelay(attempt: number, random = Math.random()) {
	const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 16))
	return Math.round(ceiling * (0.5 + random / 2))
}

/** An id the page gives a chat message, so the server stores it once however often it is sent. */
export function newClientId() {
	const bytes = crypto.getRandomValues(new Uint8Array(16))
	return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
