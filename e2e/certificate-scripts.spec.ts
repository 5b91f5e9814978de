import { readFile } from 'node:fs/promises'
import { extractText } from 'unpdf'
import { expect, logOut, test } from './fixtures'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

test('certificates of students named in Cyrillic and in Chinese print their names as text', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Maya', 'Lopez')
	const students = [
		await registerAccount('student', 'Иван', 'Петров'),
		await registerAccount('student', '小明', '王'),
	]
	const course = `Statistics ${uniqueWord('s')}`
	const courseId = await enrolledCourse(teacher, students, course)

	await signIn(page, teacher.email)
	for (const student of students) {
		await page.goto(`/teachersdashboard/report-card/${student.id}`)
		await expect(page.getByRole('heading', { name: `Report cards: ${student.name}` })).toBeVisible()
		await page.getByRole('link', { name: `Certificate: ${course}` }).click()
		await expect(page).toHaveURL(
			new RegExp(`/teachersdashboard/certificate/${student.id}/${courseId}/`),
		)
		await page.getByRole('button', { name: 'Mark course completed and issue certificate' }).click()
		await expect(page.getByText('Certificate issued successfully')).toBeVisible()
		await expect(page.getByRole('article').getByText(student.name)).toBeVisible()
	}
	await logOut(page)

	for (const student of students) {
		await signIn(page, student.email)
		await page.getByRole('link', { name: 'Certificates' }).click()
		const downloading = page.waitForEvent('download')
		await page.getByRole('link', { name: `Download the certificate for ${course} as PDF` }).click()
		const pdf = await readFile(await (await downloading).path())
		const { text } = await extractText(new Uint8Array(pdf), { mergePages: true })
		expect(text.split('\n').slice(2, 6)).toEqual([
			'This certifies that',
			student.name,
			'has successfully completed the course',
			course,
		])
		await logOut(page)
	}
})
