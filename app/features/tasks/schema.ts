import { z } from 'zod'
import { noFileChosen } from '~/platform/file-input'
import { timeZoneFormSchema } from '~/features/schedules/schema'

// Answers of the Tasks calls (api/README.md, Tasks) and the forms of the task pages. The form
// schemas run in the browser (conform) and again in the action.

export const TASK_TYPES = [
	{ value: 'assignment', label: 'Assignment' },
	{ value: 'homework', label: 'Homework' },
	{ value: 'project', label: 'Project' },
	{ value: 'quiz', label: 'Quiz' },
	{ value: 'essay', label: 'Essay' },
] as const
const taskTypeValues = ['assignment', 'homework', 'project', 'quiz', 'essay'] as const
export type TaskType = (typeof taskTypeValues)[number]
export const taskTypeLabel = (value: string) =>
	TASK_TYPES.find((type) => type.value === value)?.label ?? value

/** How the teacher's submission list can be sorted. */
export const SUBMISSION_SORTS = [
	{ value: 'submittedAt', label: 'Submitted at' },
	{ value: 'studentName', label: 'Student name' },
	{ value: 'status', label: 'Status' },
	{ value: 'grade', label: 'Grade' },
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
export const FILE_HINT = 'PDF, image, text, Word, Excel, PowerPoint or ZIP, at most 10 MB.'
export const FILE_TOO_LARGE = 'The file must be at most 10 MB'
const FILE_KIND = 'Upload a PDF, image, text, Word, Excel, PowerPoint or ZIP file'

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''

const chosenFile = (missing: string) =>
	z
		.instanceof(File, { error: missing })
		.refine((file) => file.size > 0, { message: 'The file is empty', abort: true })
		.refine((file) => file.size <= MAX_FILE_BYTES, { message: FILE_TOO_LARGE, abort: true })
		.refine((file) => FILE_EXTENSIONS.includes(extensionOf(file.name)), FILE_KIND)

/** A chosen file within the limits. */
const document = (missing: string) => z.preprocess(noFileChosen, chosenFile(missing))
const optionalDocument = () => z.preprocess(noFileChosen, chosenFile('Choose a file').optional())

const localDateTime = (missing: string) =>
	z.string({ error: missing }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and time')

const taskFields = {
	title: z
		.string({ error: 'Enter a title' })
		.trim()
		.min(1, 'Enter a title')
		.max(200, 'The title must be at most 200 characters'),
	description: z
		.string()
		.trim()
		.max(5000, 'The description must be at most 5000 characters')
		.optional(),
	taskType: z.enum(taskTypeValues, { error: 'Choose a task type' }),
	dueDate: localDateTime('Choose a due date'),
	endDate: localDateTime('Choose an end date').optional(),
}

const endNotBeforeDue = (value: { dueDate: string; endDate?: string }, ctx: z.RefinementCtx) => {
	// Same-format local values compare correctly as strings.
	if (value.endDate && value.endDate < value.dueDate) {
		ctx.addIssue({
			code: 'custom',
			path: ['endDate'],
			message: 'The end date must not be before the due date',
		})
	}
}

export const createTaskSchema = z
	.object({
		intent: z.literal('create'),
		courseId: z.string({ error: 'Choose a course' }).min(1, 'Choose a course'),
		...taskFields,
		attachment: optionalDocument(),
	})
	.superRefine(endNotBeforeDue)

export const REPLACE_OR_REMOVE = 'Choose a new file or remove the attachment, not both'

/** Editing also replaces the attachment (a new file) or removes it (the checkbox), never both. */
export const updateTaskSchema = z
	.object({
		intent: z.literal('update'),
		taskId: z.string({ error: 'Missing task' }),
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
			ctx.addIssue({ code: 'custom', path: ['attachment'], message: REPLACE_OR_REMOVE })
		}
	})

export const deleteTaskSchema = z.object({
	intent: z.literal('delete'),
	taskId: z.string({ error: 'Missing task' }),
})

/** The teacher's task list page: its time zone picker and the create, edit and delete forms. */
export const teacherTaskActionSchema = z.discriminatedUnion('intent', [
	timeZoneFormSchema,
	createTaskSchema,
	updateTaskSchema,
	deleteTaskSchema,
])

export const submitTaskSchema = z.object({
	file: document('Choose a file to upload'),
	comment: z.string().trim().max(2000, 'The comment must be at most 2000 characters').optional(),
})

export const gradeSchema = z.object({
	submissionId: z.string({ error: 'Missing submission' }),
	grade: z
		.number({ error: 'Enter a grade from 0 to 100' })
		.int('The grade must be a whole number')
		.min(0, 'Enter a grade from 0 to 100')
		.max(100, 'Enter a grade from 0 to 100'),
	feedback: z.string().trim().max(5000, 'Feedback must be at most 5000 characters').optional(),
})
