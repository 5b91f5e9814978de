import type { Db } from '../db.ts'
import { findDemoCourse } from '../courses/seed.ts'

/** The demo classroom's fixed id, so the README can link to it: /conference/classroom/<id>. */
export const DEMO_ROOM_ID = '7a1c0de5-9b0a-4c1e-8d2f-000000000009'

/** One classroom for the demo course, created once, when the course and its teacher exist. */
export async function seedDemoRoom(db: Db): Promise<void> {
	const course = await findDemoCourse(db)
	if (!course?.tutor_id) return
	await db
		.insertInto('rooms')
		.values({
			id: DEMO_ROOM_ID,
			course_id: course.id,
			owner_id: course.tutor_id,
			kind: 'classroom',
			title: 'Algebra Foundations: live class',
		})
		.onConflict((oc) => oc.column('id').doNothing())
		.execute()
}
