import { z } from '@hono/zod-openapi'
import { isoDateTime, uploadedFile } from '../platform/openapi.ts'
import { paginationAnswer, paginationQuery } from '../platform/pagination.ts'
import {
	body,
	declaredAs,
	optionalText,
	requiredText,
	labelled,
	builtText,
} from '../platform/validation.ts'

export const TASK_TYPES = ['assignment', 'homework', 'project', 'quiz', 'essay'] as const
export const SUBMISSION_STATUSES = ['Pending', 'Submitted', 'Late', 'Graded'] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]

const taskType = z.enum(TASK_TYPES, {
	error: builtText('Task type must be one of: {values}', { values: TASK_TYPES.join(', ') }),
})

/** An ISO 8601 date-time with its offset (as `Date.toISOString()` writes it). */
const dateTime = (label: string) =>
	z
		.string({ error: labelled('{label} is required', label) })
		.trim()
		.pipe(
			z.iso.datetime({
				offset: true,
				error: labelled('{label} must be an ISO 8601 date and time', label),
			}),
		)
		.transform((value) => new Date(value))
		.openapi(declaredAs.dateTime)

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

export const taskListQuery = paginationQuery.extend({
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
				error: builtText('Status must be one or more of: {values}', {
					values: SUBMISSION_STATUSES.join(', '),
				}),
			}),
		),
	)

export const SUBMISSION_SORTS = ['submittedAt', 'studentName', 'status', 'grade'] as const

export const submissionListQuery = paginationQuery.extend({
	sortBy: z
		.enum(SUBMISSION_SORTS, {
			error: builtText('sortBy must be one of: {values}', { values: SUBMISSION_SORTS.join(', ') }),
		})
		.default('submittedAt'),
	sortDirection: z
		.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' })
		.default('desc'),
	status: statusList.optional(),
})

/** POST /tasks/create-task: the text fields and an optional file `attachment`. */
export const newTaskForm = newTask.safeExtend({ attachment: uploadedFile.optional() })

/** PUT /tasks/{id} as a multipart form: the same fields, and a new file `attachment`. */
export const taskUpdateForm = taskUpdate.safeExtend({ attachment: uploadedFile.optional() })

/** POST /tasks/{taskId}/submit: the file and its note (readDocument says when the file is missing). */
export const submissionForm = submissionFields
	.extend({ file: uploadedFile.optional() })
	// Required in the contract; read as optional so that readDocument's message stands.
	.openapi({ required: ['file'] })

const fileLink = z.object({
	name: z.string(),
	size: z.number().int(),
	contentType: z.string(),
	url: z.string(),
})

/** The README's Task. `submissionStatus` is the asking student's own; null for the teacher. */
export const task = z
	.object({
		id: z.string(),
		title: z.string(),
		description: z.string().nullable(),
		taskType: z.enum(TASK_TYPES),
		courseId: z.string(),
		courseTitle: z.string(),
		createdBy: z.string(),
		teacherName: z.string(),
		dueDate: isoDateTime,
		endDate: isoDateTime.nullable(),
		isDeleted: z.boolean(),
		attachment: fileLink.nullable(),
		submissionCount: z.number().int(),
		enrolledCount: z.number().int(),
		submissionStatus: z.enum(SUBMISSION_STATUSES).nullable(),
		createdAt: isoDateTime,
		updatedAt: isoDateTime,
	})
	.openapi('Task')

/** The README's Submission; a Pending one (no work in yet) has a null id, file and dates. */
export const submission = z
	.object({
		id: z.string().nullable(),
		status: z.enum(SUBMISSION_STATUSES),
		submittedAt: isoDateTime.nullable(),
		comment: z.string().nullable(),
		student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
		task: z.object({ id: z.string(), title: z.string(), dueDate: isoDateTime }),
		file: fileLink.nullable(),
		gradeInfo: z
			.object({ grade: z.number(), feedback: z.string().nullable(), gradedAt: isoDateTime })
			.nullable(),
	})
	.openapi('Submission')

export const taskList = z.object({
	tasks: z.array(task),
	pagination: paginationAnswer.extend({ currentPage: z.number().int() }),
})

export const changedTask = z.object({ message: z.string(), task })

/** A submission or a grade: what it says, and the submission as it now is. */
export const changedSubmission = z.object({ message: z.string(), data: submission })

export const submissionList = z.object({
	submissions: z.array(submission),
	taskInfo: task,
	pagination: paginationAnswer.extend({ currentPage: z.number().int() }),
	summary: z.object({
		counts: z.record(z.enum(SUBMISSION_STATUSES), z.number().int()),
		grades: z.array(z.number()),
	}),
})

export const taskSubmission = z.object({ task, submission })
