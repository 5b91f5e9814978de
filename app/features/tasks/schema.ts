import { msg, t } from '@lingui/core/macro'
import { z } from 'zod'
import { i18n } from '~/platform/i18n'
import { noFileChosen } from '~/platform/file-input'
import { timeZoneFormSchema } from '~/features/schedules/schema'

// Answers of the Tasks calls (api/README.md, Tasks) and the forms of the task pages. The form
// schemas run in the browser (conform) and again in the action.

export const TASK_TYPES = [
	{ value: 'assignment', label: msg`Assignment` },
	{ value: 'homework', label: msg`Homework` },
	{ value: 'project', label: msg`Project` },
	{ value: 'quiz', label: msg`Quiz` },
	{ value: 'essay', label: msg`Essay` },
] as const
const taskTypeValues = ['assignment', 'homework', 'project', 'quiz', 'essay'] as const
export type TaskType = (typeof taskTypeValues)[number]
export function taskTypeLabel(value: string) {
	const type = TASK_TYPES.find((known) => known.value === value)
	return type ? i18n._(type.label) : value
}

/** The task types as a select's options, in the page's language. */
export const taskTypeOptions = () =>
	TASK_TYPES.map((type) => ({ value: type.value, label: i18n._(type.label) }))

/** How the teacher's submission list can be sorted. */
export const SUBMISSION_SORTS = [
	{ value: 'submittedAt', label: msg`Submitted at` },
	{ value: 'studentName', label: msg`Student name` },
	{ value: 'status', label: msg`Status` },
	{ value: 'grade', label: msg`Grade` },
] as const

const fileInfo = z.object({
	name: z.string(),
	size: z.number(),
	contentType: z.string(),
	url: z.string(),
})

export const taskSchema = z.object({
	id: z.string(),
	title: z.string(),
	description: z.string().nullable(),
	taskType: z.string(),
	courseId: z.string(),
	courseTitle: z.string(),
	createdBy: z.string(),
	teacherName: z.string(),
	dueDate: z.string(),
	endDate: z.string().nullable(),
	isDeleted: z.boolean(),
	attachment: fileInfo.nullable(),
	submissionCount: z.number(),
	enrolledCount: z.number(),
	submissionStatus: z.string().nullable(),
})
export type Task = z.infer<typeof taskSchema>

export const taskListSchema = z.object({
	tasks: z.array(taskSchema),
	pagination: z.object({ total: z.number(), currentPage: z.number(), totalPages: z.number() }),
})
export type TaskList = z.infer<typeof taskListSchema>

export const submissionSchema = z.object({
	id: z.string().nullable(),
	status: z.string(),
	submittedAt: z.string().nullable(),
	comment: z.string().nullable(),
	student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
	task: z.object({ id: z.string(), title: z.string(), dueDate: z.string() }),
	file: fileInfo.nullable(),
	gradeInfo: z
		.object({ grade: z.number(), feedback: z.string().nullable(), gradedAt: z.string() })
		.nullable(),
})
export type Submission = z.infer<typeof submissionSchema>

export const submissionListSchema = z.object({
	submissions: z.array(submissionSchema),
	taskInfo: taskSchema,
	pagination: z.object({ total: z.number(), page: z.number(), totalPages: z.number() }),
	summary: z.object({
		counts: z.record(z.string(), z.number()),
		grades: z.array(z.number()),
	}),
})
export type SubmissionList = z.infer<typeof submissionListSchema>

export const studentSubmissionSchema = z.object({ task: taskSchema, submission: submissionSchema })

export const taskCoursesSchema = z.object({
	courses: z.array(z.object({ id: z.string(), title: z.string() })),
	total: z.number().optional(),
})

export const taskSavedSchema = z.object({ message: z.string().optional(), task: taskSchema })
export const taskDeletedSchema = z.object({ message: z.string().optional(), id: z.string() })
export const submissionSavedSchema = z.object({
	message: z.string().optional(),
	data: submissionSchema,
})

// Files: the same limits as the API, so a bad file is refused before it is sent.
export const MAX_FILE_BYTES = 10 * 1024 * 1024
export const FILE_EXTENSIONS = [
	'pdf',
	'png',
	'jpg',
	'jpeg',
	'gif',
	'webp',
	'txt',
	'md',
	'csv',
	'doc',
	'docx',
	'xls',
	'xlsx',
	'ppt',
	'pptx',
	'zip',
]
export const FILE_ACCEPT = FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',')
export const fileHint = () => t`PDF, image, text, Word, Excel, PowerPoint or ZIP, at most 10 MB.`
export const fileTooLarge = () => t`The file must be at most 10 MB`
const fileKind = () => t`Upload a PDF, image, text, Word, Excel, PowerPoint or ZIP file`

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''

// Messages are functions, read when a form is checked: in the language of the page or request.
type Message = () => string

const chosenFile = (missing: Message) =>
	z
		.instanceof(File, { error: missing })
		.refine((file) => file.size > 0, { error: () => t`The file is empty`, abort: true })
		.refine((file) => file.size <= MAX_FILE_BYTES, { error: fileTooLarge, abort: true })
		.refine((file) => FILE_EXTENSIONS.includes(extensionOf(file.name)), { error: fileKind })

/** A chosen file within the limits. */
const document = (missing: Message) => z.preprocess(noFileChosen, chosenFile(missing))
const optionalDocument = () =>
	z.preprocess(noFileChosen, chosenFile(() => t`Choose a file`).optional())

const localDateTime = (missing: Message) =>
	z
		.string({ error: missing })
		.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: () => t`Enter a date and time` })

const enterTitle = () => t`Enter a title`
const taskFields = {
	title: z
		.string({ error: enterTitle })
		.trim()
		.min(1, { error: enterTitle })
		.max(200, { error: () => t`The title must be at most 200 characters` }),
	description: z
		.string()
		.trim()
		.max(5000, { error: () => t`The description must be at most 5000 characters` })
		.optional(),
	taskType: z.enum(taskTypeValues, { error: () => t`Choose a task type` }),
	dueDate: localDateTime(() => t`Choose a due date`),
	endDate: localDateTime(() => t`Choose an end date`).optional(),
}

const endNotBeforeDue = (value: { dueDate: string; endDate?: string }, ctx: z.RefinementCtx) => {
	// Same-format local values compare correctly as strings.
	if (value.endDate && value.endDate < value.dueDate) {
		ctx.addIssue({
			code: 'custom',
			path: ['endDate'],
			message: t`The end date must not be before the due date`,
		})
	}
}

export const createTaskSchema = z
	.object({
		intent: z.literal('create'),
		courseId: z
			.string({ error: () => t`Choose a course` })
			.min(1, { error: () => t`Choose a course` }),
		...taskFields,
		attachment: optionalDocument(),
	})
	.superRefine(endNotBeforeDue)

/** Editing also replaces the attachment (a new file) or removes it (the checkbox), never both. */
export const updateTaskSchema = z
	.object({
		intent: z.literal('update'),
		taskId: z.string({ error: () => t`Missing task` }),
		...taskFields,
		attachment: optionalDocument(),
		removeAttachment: z
			.literal('on')
			.optional()
			.transform((value) => value === 'on'),
	})
	.superRefine(endNotBeforeDue)
	.superRefine((value, ctx) => {
		if (value.attachment && value.removeAttachment) {
			ctx.addIssue({
				code: 'custom',
				path: ['attachment'],
				message: t`Choose a new file or remove the attachment, not both`,
			})
		}
	})

export const deleteTaskSchema = z.object({
	intent: z.literal('delete'),
	taskId: z.string({ error: () => t`Missing task` }),
})

/** The teacher's task list page: its time zone picker and the create, edit and delete forms. */
export const teacherTaskActionSchema = z.discriminatedUnion('intent', [
	timeZoneFormSchema,
	createTaskSchema,
	updateTaskSchema,
	deleteTaskSchema,
])

export const submitTaskSchema = z.object({
	file: document(() => t`Choose a file to upload`),
	comment: z
		.string()
		.trim()
		.max(2000, { error: () => t`The comment must be at most 2000 characters` })
		.optional(),
})

const gradeRange = () => t`Enter a grade from 0 to 100`
export const gradeSchema = z.object({
	submissionId: z.string({ error: () => t`Missing submission` }),
	grade: z
		.number({ error: gradeRange })
		.int({ error: () => t`The grade must be a whole number` })
		.min(0, { error: gradeRange })
		.max(100, { error: gradeRange }),
	feedback: z
		.string()
		.trim()
		.max(5000, { error: () => t`Feedback must be at most 5000 characters` })
		.optional(),
})
