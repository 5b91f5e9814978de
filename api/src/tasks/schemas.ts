import { z } from 'zod'
import { body, optionalText, requiredText } from '../platform/validation.ts'

export const TASK_TYPES = ['assignment', 'homework', 'project', 'quiz', 'essay'] as const
export const SUBMISSION_STATUSES = ['Pending', 'Submitted', 'Late', 'Graded'] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]

const taskType = z.enum(TASK_TYPES, { error: `Task type must be one of: ${TASK_TYPES.join(', ')}` })

/** An ISO 8601 date-time with its offset (as `Date.toISOString()` writes it). */
const dateTime = (label: string) =>
	z
		.string({ error: `${label} is required` })
		.trim()
		.pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` }))
		.transform((value) => new Date(value))

const optionalDateTime = (label: string) =>
	z.union([z.literal('').transform(() => null), z.null(), dateTime(label)]).optional()

const endAfterDue = (value: { dueDate?: Date; endDate?: Date | null }) =>
	!value.dueDate || !value.endDate || value.endDate >= value.dueDate
const endAfterDueIssue = { path: ['endDate'], message: 'End date must not be before the due date' }

/** POST /tasks/create-task: the multipart text fields (the attachment is read apart). */
export const newTask = body({
	courseId: z.guid({ error: 'courseId must be a UUID' }),
	title: requiredText('Title', 200),
	description: optionalText('Description', 5000),
	taskType: taskType.default('assignment'),
	dueDate: dateTime('Due date'),
	endDate: optionalDateTime('End date'),
}).refine(endAfterDue, endAfterDueIssue)

/**
 * PUT /tasks/{id}: any of the fields; the end date is checked against the stored due date too.
 * `removeAttachment` (true, or 'true' in a multipart form) takes the task's file away.
 */
export const taskUpdate = body({
	title: requiredText('Title', 200).optional(),
	description: optionalText('Description', 5000),
	taskType: taskType.optional(),
	dueDate: dateTime('Due date').optional(),
	endDate: optionalDateTime('End date'),
	removeAttachment: z
		.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
			error: 'removeAttachment must be true or false',
		})
		.optional(),
}).refine(endAfterDue, endAfterDueIssue)

/** POST /tasks/{taskId}/submit: the optional note beside the file. */
export const submissionFields = body({ comment: optionalText('Comment', 2000) })

/** PATCH /tasks/{submissionId}/grade: the gradeData object. */
export const gradeData = body({
	grade: z
		.number({ error: 'Grade must be a number' })
		.int('Grade must be a whole number')
		.min(0, 'Grade must be from 0 to 100')
		.max(100, 'Grade must be from 0 to 100'),
	feedback: optionalText('Feedback', 5000),
})

export const taskListQuery = z.object({
	createdBy: z.guid({ error: 'createdBy must be a UUID' }).optional(),
	taskType: taskType.optional(),
	// A student's dashboard asks for what is still to do: due from now on, not yet handed in.
	dueFrom: z.iso.datetime({ offset: true, error: 'dueFrom must be an ISO date-time' }).optional(),
	unsubmitted: z.enum(['true', 'false'], { error: 'unsubmitted must be true or false' }).optional(),
})

const statusList = z
	.string()
	.transform((value) => value.split(',').map((status) => status.trim()))
	.pipe(
		z.array(
			z.enum(SUBMISSION_STATUSES, {
				error: `Status must be one or more of: ${SUBMISSION_STATUSES.join(', ')}`,
			}),
		),
	)

export const SUBMISSION_SORTS = ['submittedAt', 'studentName', 'status', 'grade'] as const

export const submissionListQuery = z.object({
	sortBy: z
		.enum(SUBMISSION_SORTS, { error: `sortBy must be one of: ${SUBMISSION_SORTS.join(', ')}` })
		.default('submittedAt'),
	sortDirection: z
		.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' })
		.default('desc'),
	status: statusList.optional(),
})
