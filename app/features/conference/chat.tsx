import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { plainSpaces } from '~/platform/dates'
import { intlLocale } from '~/platform/i18n'
import { Button } from '~/ui/button'
import { MESSAGE_MAX, messageTooLong, type ChatMessage } from './schema'

/** '5:00 PM' in English; each language writes its own. */
const formatTime = (instant: string) =>
	plainSpaces(
		new Intl.DateTimeFormat(intlLocale(), { hour: 'numeric', minute: '2-digit' }).format(
			new Date(instant),
		),
	)

/** The room's chat history, oldest first. */
export function ChatLog({ messages }: { messages: ChatMessage[] }) {
	const { t } = useLingui()
	if (messages.length === 0)
		return (
			<p className="text-sm text-slate-600">
				<Trans>No messages yet.</Trans>
			</p>
		)
	return (
		<ol aria-label={t`Chat messages`} className="flex max-h-96 flex-col gap-2 overflow-y-auto">
			{messages.map((message) => (
				<li key={message.id} className="rounded-md bg-slate-50 px-3 py-2">
					<p className="text-xs text-slate-600">
						<span className="font-semibold text-slate-800">
							{message.author?.name ?? t`Former member`}
						</span>{' '}
						<time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
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
	const { t } = useLingui()
	const [text, setText] = useState('')
	const [error, setError] = useState<string | null>(null)

	function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const trimmed = text.trim()
		if (!trimmed) return setError(t`Message is required`)
		if (trimmed.length > MESSAGE_MAX) return setError(messageTooLong())
		if (!onSend(trimmed)) return setError(t`Not connected. Your message was not sent.`)
		setError(null)
		setText('')
	}

	return (
		<section
			aria-labelledby="live-chat-heading"
			className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
		>
			<h2 id="live-chat-heading" className="text-lg font-semibold">
				<Trans>Chat</Trans>
			</h2>
			<div aria-live="polite">
				<ChatLog messages={messages} />
				{pending.length > 0 ? (
					<ol aria-label={t`Messages waiting to be sent`} className="mt-2 flex flex-col gap-2">
						{pending.map((each) => (
							<li
								key={each.clientId}
								className="rounded-md border border-dashed border-slate-300 px-3 py-2"
							>
								<p className="text-xs text-slate-600">
									<Trans>Sending…</Trans>
								</p>
								<p className="whitespace-pre-wrap break-words">{each.text}</p>
							</li>
						))}
					</ol>
				) : null}
			</div>
			<form onSubmit={submit} className="flex flex-col gap-2">
				<label htmlFor="live-chat-text" className="text-sm font-medium text-slate-800">
					<Trans>Message</Trans>
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
				<Button disabled={disabled}>
					<Trans>Send</Trans>
				</Button>
			</form>
			{unsent.length > 0 && onSendAgain ? (
				<ul aria-label={t`Messages not sent`} className="flex flex-col gap-2">
					{unsent.map((each, index) => (
						<li
							key={`${index}-${each}`}
							className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2"
						>
							<p className="text-sm text-red-800">
								<Trans>
									Not sent: <span className="whitespace-pre-wrap break-words">{each}</span>
								</Trans>
							</p>
							<Button
								type="button"
								variant="secondary"
								disabled={disabled}
								onClick={() => onSendAgain(each)}
							>
								<Trans>Send again</Trans>
							</Button>
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}
