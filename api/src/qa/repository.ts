import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import type { Database, StoredQuestion } from '../schema.ts'

type TemplateFilter = (eb: ExpressionBuilder<Database, 'qa_templates'>) => Expression<SqlBool>

const selectTemplates = (db: Db) =>
	db
		.selectFrom('qa_templates')
		.innerJoin('users', 'users.id', 'qa_templates.created_by')
		.selectAll('qa_templates')
		.select(sql<string>`users.first_name || ' ' || users.last_name`.as('creator_name'))

export const findTemplate = (db: Db, id: string) =>
	selectTemplates(db).where('qa_templates.id', '=', id).executeTakeFirst()

export type TemplateListFilter = {
	createdBy?: string
	isActive?: boolean
	/** Templates of other creators are listed only when active. */
	viewerId: string
	seesOwnInactive: boolean
}

export async function listTemplates(db: Db, filter: TemplateListFilter, page: Page) {
	const where: TemplateFilter = (eb) => {
		const conditions: Expression<SqlBool>[] = []
		if (filter.createdBy) conditions.push(eb('qa_templates.created_by', '=', filter.createdBy))
		if (filter.isActive !== undefined) {
			conditions.push(eb('qa_templates.is_active', '=', filter.isActive))
		}
		conditions.push(
			filter.seesOwnInactive
				? eb.or([
						eb('qa_templates.is_active', '=', true),
						eb('qa_templates.created_by', '=', filter.viewerId),
					])
				: eb('qa_templates.is_active', '=', true),
		)
		return eb.and(conditions)
	}
	return rowsAndTotal(
		page,
		selectTemplates(db)
			.where(where)
			.orderBy('qa_templates.created_at', 'desc')
			.orderBy('qa_templates.id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() =>
			db
				.selectFrom('qa_templates')
				.select((eb) => eb.fn.countAll().as('total'))
				.where(where)
				.executeTakeFirstOrThrow(),
	)
}

export type NewTemplate = {
	createdBy: string
	title: string
	description: string | null
	timeLimit: number
	isActive: boolean
	questions: StoredQuestion[]
}

export async function insertTemplate(db: Db, template: NewTemplate) {
	const { id } = await db
		.insertInto('qa_templates')
		.values({
			created_by: template.createdBy,
			title: template.title,
			description: template.description,
			time_limit: template.timeLimit,
			is_active: template.isActive,
			questions: JSON.stringify(template.questions),
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return findTemplate(db, id)
}

export async function setTemplateActive(db: Db, id: string, isActive: boolean) {
	await db
		.updateTable('qa_templates')
		.set({ is_active: isActive, updated_at: new Date() })
		.where('id', '=', id)
		.execute()
	return findTemplate(db, id)
}

export const deleteTemplate = (db: Db, id: string) =>
	db.deleteFrom('qa_templates').where('id', '=', id).execute()
