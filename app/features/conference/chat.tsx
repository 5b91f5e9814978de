import { useState, type FormEvent } from 'react'
import { Button } from '~/ui/button'
import { MESSAGE_MAX, type ChatMessage } from './schema'

const timeFormat = new Intl.DateTimeFormat('en-US', {
	hour: 'numeric',
	minute: '2-digit',
	hour12: true,
})

/** The room's chat history, oldest first. */
export function ChatLog({ messages }: { messages: ChatMessage[] }) {
	if (messages.length === 0) return <p className="text-sm text-slate-600">No messages yet.</p>
	return (
		<ol aria-label="Chat messages" className="flex max-h-96 flex-col gap-2 overflow-y-auto">
			{messages.map((message) => (
				<li key={message.id} className="rounded-md bg-slate-50 px-3 py-2">
					<p className="text-xs text-slate-600">
						<span className="font-semibold text-slate-800">
							{message.author?.name ?? 'Former member'}
						</span>{' '}
						<time dateTime={message.createdAt}>
							{timeFormat.format(new Date(message.createdAt))}
						</time>
					</p>
					<p className="whitespace-pre-wrap break-words">{message.text}</p>
				</li>
			))}
		</ol>
	)
}

/**
 * Chat while connected: messages go over the room socket and arrive for everyone at once. Written
 * while the connection is lost, they wait here (`pending`, "Sending…") and go when it is back. One
 * the server could not store comes back to its author (`unsent`), with Send again.
 */
export function LiveChat({
	messages,
	onSend,
	disabled,
	pending = [],
	unsent = [],
	onSendAgain,
}: {
	messages: ChatMessage[]
	onSend: (text: string) => boolean
	disabled: boolean
	pending?: { clientId: string; text: string }[]
	unsent?: string[]
	onSendAgain?: (text: string) => boolean
}) {
	const [text, setText] = useState('')
	const [error, setError] = useState<string | null>(null)

	function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const trimmed = text.trim()
		if (!trimmed) return setError('Message is required')
		if (trimmed.length > MESSAGE_MAX)
			return setError(`Message must be at most ${MESSAGE_MAX} characters`)
		if (!onSend(trimmed)) return setError('Not connected. Your message was not sent.')
		setError(null)
		setText('')
	}

	return (
		<section
			aria-labelledby="live-chat-heading"
			className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
		>
			<h2 id="live-chat-heading" className="text-lg font-semibold">
				Chat
			</h2>
			<div aria-live="polite">
				<ChatLog messages={messages} />
				{pending.length > 0 ? (
					<ol aria-label="Messages waiting to be sent" className="mt-2 flex flex-col gap-2">
						{pending.map((each) => (
							<li
								key={each.clientId}
								className="rounded-md border border-dashed border-slate-300 px-3 py-2"
							>
								<p className="text-xs text-slate-600">Sending…</p>
								<p className="whitespace-pre-wrap break-words">{each.text}</p>
							</li>
						))}
					</ol>
				) : null}
			</div>
			<form onSubmit={submit} className="flex flex-col gap-2">
				<label htmlFor="live-chat-text" className="text-sm font-medium text-slate-800">
					Message
				</label>
				<textarea
					id="live-chat-text"
					rows={2}
					value={text}
					maxLength={MESSAGE_MAX}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'live-chat-error' : undefined}
					onChange={(event) => setText(event.target.value)}
					onKeyDown={(event) => {
						if (event.key === 'Enter' && !event.shiftKey) {
							event.preventDefault()
							event.currentTarget.form?.requestSubmit()
						}
					}}
					className="rounded-md border border-slate-400 px-3 py-2"
				/>
				{error ? (
					<p id="live-chat-error" className="text-sm text-red-700">
						{error}
					</p>
				) : null}
				<Button disabled={disabled}>Send</Button>
			</form>
			{unsent.length > 0 && onSendAgain ? (
				<ul aria-label="Messages not sent" className="flex flex-col gap-2">
					{unsent.map((each, index) => (
						<li
							key={`${index}-${each}`}
							className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2"
						>
							<p className="text-sm text-red-800">
								Not sent: <span className="whitespace-pre-wrap break-words">{each}</span>
							</p>
							<Button
								type="button"
								variant="secondary"
								disabled={disabled}
								onClick={() => onSendAgain(each)}
							>
								Send again
							</Button>
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}
