import type { ChatMessage } from './schema'

// What the room socket carries (the API reference, POST /rooms/{id}/ticket): JSON text frames
// both ways, and the whiteboard's Yjs updates as binary frames.

export type Participant = {
	peerId: string
	userId: string
	name: string
	role: 'student' | 'tutor'
	host: boolean
	view: 'classroom' | 'whiteboard'
	hand: boolean
	inCall: boolean
	camera: boolean
	microphone: boolean
}

/** An SDP description or an ICE candidate, passed between two peers by the API. */
export type SignalData =
	| { type: 'offer'; sdp: string }
	| { type: 'answer'; sdp: string }
	| { type: 'candidate'; candidate: RTCIceCandidateInit }

export type ServerMessage =
	| { type: 'welcome'; peerId: string; participants: Participant[]; messages: ChatMessage[] }
	| { type: 'participants'; participants: Participant[] }
	| { type: 'chat'; message: ChatMessage }
	/** To its author only: the chat message the page sent as `clientId` is stored (as `message`). */
	| { type: 'sent'; clientId: string; message: ChatMessage }
	| { type: 'muted'; by: string }
	/** The API serving this socket is cut off from the others (true) or hears them again (false). */
	| { type: 'split'; split: boolean }
	| { type: 'ended' }
	| { type: 'signal'; from: string; data: SignalData }
	/** `unsent`: a chat message the server could not store, given back so it can be sent again. */
	| { type: 'error'; message: string; unsent?: string; clientId?: string }

export type ClientMessage =
	/** `clientId`: the page's own id for the message, so sending it again stores it once. */
	| { type: 'chat'; text: string; clientId?: string }
	| { type: 'hand'; raised: boolean }
	| { type: 'media'; inCall: boolean; camera: boolean; microphone: boolean }
	| { type: 'mute-all' }
	| { type: 'signal'; to: string; data: SignalData }

/** Close codes the API uses. */
export const CLOSE_ENDED = 4000
/** The server closed a socket that kept flooding the room (the API's rooms/limits.ts, CLOSE_FLOODING). */
export const CLOSE_FLOODING = 4008
