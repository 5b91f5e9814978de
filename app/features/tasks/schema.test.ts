import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import {
	createTaskSchema,
	gradeSchema,
	MAX_FILE_BYTES,
	submitTaskSchema,
	updateTaskSchema,
} from './schema'

const form = (entries: Record<string, string | File>) => {
	const data = new FormData()
	for (const [key, value] of Object.entries(entries)) data.set(key, value)
	return data
}
const errorsOf = (submission: {
	reply: () => { status?: string; error?: Record<string, string[] | null> | null }
}) => {
	const result = submission.reply()
	return result.status === 'error' ? result.error : null
}

test('a submission needs a file: an empty file input reads as none chosen', () => {
	const empty = parseWithZod(form({ file: new File([], '') }), { schema: submitTaskSchema })
	expect(errorsOf(empty)).toEqual({ file: ['Choose a file to upload'] })
	const none = parseWithZod(form({ comment: 'hi' }), { schema: submitTaskSchema })
	expect(errorsOf(none)).toEqual({ file: ['Choose a file to upload'] })
})

test('a file over 10 MB, an empty one or one of another kind gets one clear error', () => {
	const big = new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'big.pdf')
	expect(errorsOf(parseWithZod(form({ file: big }), { schema: submitTaskSchema }))).toEqual({
		file: ['The file must be at most 10 MB'],
	})
	expect(
		errorsOf(parseWithZod(form({ file: new File([], 'blank.pdf') }), { schema: submitTaskSchema })),
	).toEqual({ file: ['The file is empty'] })
	expect(
		errorsOf(
			parseWithZod(form({ file: new File(['MZ'], 'run.exe') }), { schema: submitTaskSchema }),
		),
	).toEqual({
		file: ['Upload a PDF, image, text, Word, Excel, PowerPoint or ZIP file'],
	})
	const ok = parseWithZod(form({ file: new File(['x = 4'], 'Answers.TXT'), comment: ' Done ' }), {
		schema: submitTaskSchema,
	})
	expect(ok.status).toBe('success')
	expect(ok.status === 'success' && ok.value.comment).toBe('Done')
})

test('a task needs course, title and due date; the attachment is optional; the end may not precede the due date', () => {
	const blank = parseWithZod(
		form({
			intent: 'create',
			courseId: '',
			title: ' ',
			taskType: 'homework',
			attachment: new File([], ''),
		}),
		{ schema: createTaskSchema },
	)
	expect(Object.keys(errorsOf(blank) ?? {}).sort()).toEqual(['courseId', 'dueDate', 'title'])
	const reversed = parseWithZod(
		form({
			intent: 'create',
			courseId: 'c1',
			title: 'T',
			taskType: 'quiz',
			dueDate: '2026-12-02T10:00',
			endDate: '2026-12-01T10:00',
		}),
		{ schema: createTaskSchema },
	)
	expect(errorsOf(reversed)).toEqual({ endDate: ['The end date must not be before the due date'] })
	const ok = parseWithZod(
		form({
			intent: 'create',
			courseId: 'c1',
			title: 'T',
			taskType: 'quiz',
			dueDate: '2026-12-02T10:00',
		}),
		{ schema: createTaskSchema },
	)
	expect(ok.status === 'success' && ok.value.attachment).toBeUndefined()
})

test('a grade is a whole number from 0 to 100', () => {
	const grade = (value: string) =>
		errorsOf(parseWithZod(form({ submissionId: 's1', grade: value }), { schema: gradeSchema }))
	expect(grade('140')).toEqual({ grade: ['Enter a grade from 0 to 100'] })
	expect(grade('-1')).toEqual({ grade: ['Enter a grade from 0 to 100'] })
	expect(grade('abc')).toEqual({ grade: ['Enter a grade from 0 to 100'] })
	expect(grade('')).toEqual({ grade: ['Enter a grade from 0 to 100'] })
	expect(grade('80.5')).toEqual({ grade: ['The grade must be a whole number'] })
	expect(grade('0')).toBeNull()
	expect(grade('100')).toBeNull()
})

test('an edit replaces the attachment or removes it, never both', () => {
	const fields = {
		intent: 'update',
		taskId: 't1',
		title: 'T',
		taskType: 'quiz',
		dueDate: '2026-12-02T10:00',
	}
	const kept = parseWithZod(form({ ...fields, attachment: new File([], '') }), {
		schema: updateTaskSchema,
	})
	expect(kept.status === 'success' && [kept.value.attachment, kept.value.removeAttachment]).toEqual(
		[undefined, false],
	)
	const removed = parseWithZod(form({ ...fields, removeAttachment: 'on' }), {
		schema: updateTaskSchema,
	})
	expect(removed.status === 'success' && removed.value.removeAttachment).toBe(true)
	const replaced = parseWithZod(form({ ...fields, attachment: new File(['x'], 'notes.txt') }), {
		schema: updateTaskSchema,
	})
	expect(replaced.status === 'success' && replaced.value.attachment?.name).toBe('notes.txt')
	const both = parseWithZod(
		form({ ...fields, attachment: new File(['x'], 'notes.txt'), removeAttachment: 'on' }),
		{ schema: updateTaskSchema },
	)
	expect(errorsOf(both)).toEqual({
		attachment: ['Choose a new file or remove the attachment, not both'],
	})
	const wrongKind = parseWithZod(form({ ...fields, attachment: new File(['MZ'], 'run.exe') }), {
		schema: updateTaskSchema,
	})
	expect(errorsOf(wrongKind)).toEqual({
		attachment: ['Upload a PDF, image, text, Word, Excel, PowerPoint or ZIP file'],
	})
})
