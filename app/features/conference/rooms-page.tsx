import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformSelect, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { TableScroll } from '~/ui/table-scroll'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import type { loadLiveRooms } from './rooms.server'
import { ROOM_KINDS, startRoomSchema, type Room } from './schema'

const dateFormat = new Intl.DateTimeFormat('en-US', {
	dateStyle: 'medium',
	timeStyle: 'short',
	hour12: true,
})

function RoomTable({ rooms }: { rooms: Room[] }) {
	if (rooms.length === 0) {
		return <p className="text-slate-700">No live rooms yet for your courses.</p>
	}
	return (
		<TableScroll label="Live rooms of your courses" framed={false}>
			<table className="w-full border-collapse text-start text-sm">
				<caption className="sr-only">Live rooms of your courses</caption>
				<thead>
					<tr className="border-b border-slate-300">
						<th scope="col" className="py-2 pe-4">
							Room
						</th>
						<th scope="col" className="py-2 pe-4">
							Course
						</th>
						<th scope="col" className="py-2 pe-4">
							Host
						</th>
						<th scope="col" className="py-2 pe-4">
							Status
						</th>
						<th scope="col" className="py-2">
							<span className="sr-only">Open</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{rooms.map((room) => (
						<tr key={room.id} className="border-b border-slate-200">
							<td className="py-2 pe-4 font-medium">{room.title}</td>
							<td className="py-2 pe-4">{room.courseTitle}</td>
							<td className="py-2 pe-4">{room.ownerName}</td>
							<td className="py-2 pe-4">
								{room.endedAt ? `Ended ${dateFormat.format(new Date(room.endedAt))}` : 'Open'}
							</td>
							<td className="py-2">
								<TextLink to={`/conference/${room.kind}/${room.id}`}>
									{room.endedAt ? 'Read the chat' : room.role === 'observer' ? 'Open' : 'Join'}
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
			<p className="text-slate-700">Create a course first; its students can then join its rooms.</p>
		)
	}
	return (
		<Form method="post" className="flex max-w-xl flex-col gap-4" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<ConformSelect
				label="Course"
				meta={fields.courseId}
				options={courses.map((course) => ({ value: course.id, label: course.title }))}
			/>
			<ConformField label="Title" meta={fields.title} required />
			<ConformSelect label="Kind of room" meta={fields.kind} options={ROOM_KINDS} />
			<Button disabled={starting}>{starting ? 'Starting…' : 'Start the room'}</Button>
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
			<h1 className="text-2xl font-bold">Live rooms</h1>
			{courses ? (
				<section aria-labelledby="start-heading" className="flex flex-col gap-3">
					<h2 id="start-heading" className="text-lg font-semibold">
						Start a live room
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
					Your rooms
				</h2>
				{rooms.ok ? <RoomTable rooms={rooms.value} /> : <LoadError error={rooms.error} />}
			</section>
		</div>
	)
}
