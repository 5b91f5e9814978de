import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { plainSpaces } from '~/platform/dates'
import { intlLocale } from '~/platform/i18n'
import { Button } from '~/ui/button'
import { ConformField, ConformSelect, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { TableScroll } from '~/ui/table-scroll'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import type { loadLiveRooms } from './rooms.server'
import { ROOM_KINDS, startRoomSchema, type Room } from './schema'

/** 'Nov 22, 2026, 5:00 PM' in English; each language writes its own. */
const formatEnded = (instant: string) =>
	plainSpaces(
		new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
			new Date(instant),
		),
	)

function RoomTable({ rooms }: { rooms: Room[] }) {
	const { t } = useLingui()
	const endedLabel = (instant: string) => {
		const when = formatEnded(instant)
		return t`Ended ${when}`
	}
	if (rooms.length === 0) {
		return (
			<p className="text-slate-700">
				<Trans>No live rooms yet for your courses.</Trans>
			</p>
		)
	}
	return (
		<TableScroll label={t`Live rooms of your courses`} framed={false}>
			<table className="w-full border-collapse text-start text-sm">
				<caption className="sr-only">
					<Trans>Live rooms of your courses</Trans>
				</caption>
				<thead>
					<tr className="border-b border-slate-300">
						<th scope="col" className="py-2 pe-4">
							<Trans>Room</Trans>
						</th>
						<th scope="col" className="py-2 pe-4">
							<Trans>Course</Trans>
						</th>
						<th scope="col" className="py-2 pe-4">
							<Trans>Host</Trans>
						</th>
						<th scope="col" className="py-2 pe-4">
							<Trans>Status</Trans>
						</th>
						<th scope="col" className="py-2">
							<span className="sr-only">
								<Trans>Open</Trans>
							</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{rooms.map((room) => (
						<tr key={room.id} className="border-b border-slate-200">
							<td className="py-2 pe-4 font-medium">{room.title}</td>
							<td className="py-2 pe-4">{room.courseTitle}</td>
							<td className="py-2 pe-4">{room.ownerName}</td>
							<td className="py-2 pe-4">{room.endedAt ? endedLabel(room.endedAt) : t`Open`}</td>
							<td className="py-2">
								<TextLink to={`/conference/${room.kind}/${room.id}`}>
									{room.endedAt ? t`Read the chat` : room.role === 'observer' ? t`Open` : t`Join`}
									<span className="sr-only"> {room.title}</span>
								</TextLink>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableScroll>
	)
}

function StartRoomForm({
	courses,
	lastResult,
}: {
	courses: { id: string; title: string }[]
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const { t, i18n } = useLingui()
	const starting = useSubmitting()
	const [form, fields] = useForm({
		lastResult,
		defaultValue: { kind: 'classroom' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: startRoomSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	if (courses.length === 0) {
		return (
			<p className="text-slate-700">
				<Trans>Create a course first; its students can then join its rooms.</Trans>
			</p>
		)
	}
	return (
		<Form method="post" className="flex max-w-xl flex-col gap-4" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<ConformSelect
				label={t`Course`}
				meta={fields.courseId}
				options={courses.map((course) => ({ value: course.id, label: course.title }))}
			/>
			<ConformField label={t`Title`} meta={fields.title} required />
			<ConformSelect
				label={t`Kind of room`}
				meta={fields.kind}
				options={ROOM_KINDS.map((kind) => ({ value: kind.value, label: i18n._(kind.label) }))}
			/>
			<Button disabled={starting}>{starting ? t`Starting…` : t`Start the room`}</Button>
		</Form>
	)
}

/** The live rooms list, and for a teacher the form that starts one. */
export function LiveRoomsPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadLiveRooms>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { rooms, courses } = loaderData
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">
				<Trans>Live rooms</Trans>
			</h1>
			{courses ? (
				<section aria-labelledby="start-heading" className="flex flex-col gap-3">
					<h2 id="start-heading" className="text-lg font-semibold">
						<Trans>Start a live room</Trans>
					</h2>
					{courses.ok ? (
						<StartRoomForm courses={courses.value.courses} lastResult={actionData} />
					) : (
						<LoadError error={courses.error} />
					)}
				</section>
			) : null}
			<section aria-labelledby="rooms-heading" className="flex flex-col gap-3">
				<h2 id="rooms-heading" className="text-lg font-semibold">
					<Trans>Your rooms</Trans>
				</h2>
				{rooms.ok ? <RoomTable rooms={rooms.value} /> : <LoadError error={rooms.error} />}
			</section>
		</div>
	)
}
