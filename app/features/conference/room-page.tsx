import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, type ComponentType } from 'react'
import { Form } from 'react-router'
import { plainSpaces } from '~/platform/dates'
import { intlLocale } from '~/platform/i18n'
import type { LoadFailure } from '~/platform/toast'
import { Button } from '~/ui/button'
import { ConformTextArea, EmailField, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { Spinner } from '~/ui/spinner'
import { useHydrated } from '~/ui/use-hydrated'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import { ChatLog } from './chat'
import {
	chatFormSchema,
	inviteFormSchema,
	MESSAGE_MAX,
	type ChatMessage,
	type Room,
} from './schema'

export type IslandProps = {
	room: Room
	ticket: string | null
	messages: ChatMessage[]
	/** STUN/TURN servers for the call (ICE_SERVERS), given to the room's members only. */
	iceServers: RTCIceServer[]
}

type PageData = {
	room: Room
	messages: { ok: true; value: ChatMessage[] } | { ok: false; error: LoadFailure }
	ticket: string | null
	ticketError: string | null
	iceServers: RTCIceServer[]
}

/** 'Nov 22, 2026, 5:00 PM' in English; each language writes its own. */
const formatEnded = (instant: string) =>
	plainSpaces(
		new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
			new Date(instant),
		),
	)

const needs = {
	classroom: msg`The live classroom needs JavaScript turned on, a recent browser (Chrome, Edge, Firefox or Safari), and your permission to use the camera and microphone. With JavaScript you see who is here, join the call, raise your hand and share the whiteboard.`,
	whiteboard: msg`The shared whiteboard needs JavaScript turned on and a recent browser (Chrome, Edge, Firefox or Safari). With JavaScript you draw together with everyone in the room, and the board is saved as you go.`,
} as const

/** Posting to the chat with a plain form: works without JavaScript. */
function ChatForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
	const [form, fields] = useForm({
		id: 'room-chat',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: chatFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const { t } = useLingui()
	const sending = useSubmitting('message')
	return (
		<Form method="post" className="flex flex-col gap-2" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<input type="hidden" name="intent" value="message" />
			<ConformTextArea
				label={t`Message`}
				meta={fields.text}
				rows={3}
				maxLength={MESSAGE_MAX}
				required
			/>
			<Button disabled={sending}>{sending ? t`Sending…` : t`Send message`}</Button>
		</Form>
	)
}

/** The host lets someone outside the course in (a guest teacher, a parent): works without JavaScript. */
function InviteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
	const [form, fields] = useForm({
		id: 'room-invite',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const { t } = useLingui()
	const sending = useSubmitting('invite')
	return (
		<details
			className="rounded-md border border-slate-200 bg-white px-4 py-2"
			open={lastResult !== undefined}
		>
			<summary className="cursor-pointer font-semibold">
				<Trans>Invite someone</Trans>
			</summary>
			<Form method="post" className="mt-2 flex flex-col gap-2 pb-2" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<input type="hidden" name="intent" value="invite" />
				<EmailField
					label={t`Email of their account`}
					hint={t`Students of this course are already in; invite anyone else with an account.`}
					meta={fields.email}
					autoComplete="off"
				/>
				<Button disabled={sending}>{sending ? t`Sending…` : t`Send invitation`}</Button>
			</Form>
		</details>
	)
}

/** Which form a validation or upstream reply belongs to. */
function replyFor(actionData: unknown, intent: string) {
	if (!actionData || typeof actionData !== 'object' || !('status' in actionData)) return undefined
	const reply = actionData as SubmissionResult<string[]>
	const initial = reply.initialValue as Record<string, unknown> | null | undefined
	return initial?.intent === intent ? reply : undefined
}

/** The frame both room pages share; the live part is `Island`, loaded only in the browser. */
export function RoomPage({
	kind,
	data,
	actionData,
	Island,
}: {
	kind: 'classroom' | 'whiteboard'
	data: PageData
	actionData: unknown
	Island: ComponentType<IslandProps>
}) {
	const { t, i18n } = useLingui()
	const hydrated = useHydrated()
	const { room, messages, ticket, ticketError } = data
	const ended = room.endedAt !== null
	const observer = room.role === 'observer'
	const courseTitle = room.courseTitle
	const ownerName = room.ownerName
	const endedOn = room.endedAt ? formatEnded(room.endedAt) : ''
	const live = hydrated && !ended && ticket !== null
	const other =
		kind === 'classroom'
			? { to: `/conference/whiteboard/${room.id}`, label: t`Open the whiteboard` }
			: { to: `/conference/classroom/${room.id}`, label: t`Go to the classroom` }

	return (
		<div className="flex flex-col gap-6">
			<header className="flex flex-wrap items-start justify-between gap-4">
				<div>
					<p className="text-sm font-medium text-indigo-800">
						{kind === 'classroom' ? t`Live classroom` : t`Whiteboard`}
					</p>
					<h1 className="text-2xl font-bold">{room.title}</h1>
					<p className="text-sm text-slate-700">
						<Trans>
							{courseTitle} · hosted by {ownerName}
						</Trans>
					</p>
				</div>
				<div className="flex flex-wrap items-center gap-3">
					<TextLink to={other.to}>{other.label}</TextLink>
					{room.role === 'host' && !ended ? (
						<Form method="post">
							<input type="hidden" name="intent" value="end" />
							<Button variant="danger">
								<Trans>End session for everyone</Trans>
							</Button>
						</Form>
					) : null}
				</div>
			</header>

			{room.role === 'host' && !ended ? (
				<InviteForm lastResult={replyFor(actionData, 'invite')} />
			) : null}

			{ended ? (
				<p role="status" className="rounded-md bg-slate-100 px-4 py-3">
					<Trans>This session ended on {endedOn}. The chat history stays here to read.</Trans>
				</p>
			) : null}

			{observer && !ended ? (
				<p role="status" className="rounded-md bg-slate-100 px-4 py-3">
					<Trans>
						Your organization runs this course: you can look on here and read the chat. The teacher
						and students take part in the session.
					</Trans>
				</p>
			) : null}

			{!hydrated && !ended && !observer ? (
				<section
					aria-labelledby="needs-heading"
					className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3"
				>
					<h2 id="needs-heading" className="font-semibold">
						<Trans>What this room needs</Trans>
					</h2>
					<p className="mt-1 text-sm">{i18n._(needs[kind])}</p>
					<p className="mt-1 text-sm">
						<Trans>Without JavaScript you can still read the chat and post to it below.</Trans>
					</p>
				</section>
			) : null}

			{hydrated && !ended && ticketError ? (
				<p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">
					<Trans>Could not join the room: {ticketError}</Trans>
				</p>
			) : null}

			{live ? (
				<Suspense fallback={<Spinner label={t`Loading the room`} />}>
					<Island
						room={room}
						ticket={ticket}
						messages={messages.ok ? messages.value : []}
						iceServers={data.iceServers}
					/>
				</Suspense>
			) : (
				<section
					id="chat"
					aria-labelledby="chat-heading"
					className="flex max-w-2xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
				>
					<h2 id="chat-heading" className="text-lg font-semibold">
						<Trans>Chat</Trans>
					</h2>
					{messages.ok ? (
						<ChatLog messages={messages.value} />
					) : (
						<LoadError error={messages.error} />
					)}
					{ended || observer ? null : <ChatForm lastResult={replyFor(actionData, 'message')} />}
				</section>
			)}
		</div>
	)
}
