import { isDeepStrictEqual } from 'node:util';
import {
  type BuildQueryConfig,
  Column,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Table,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

type Query = { sql: string; params: unknown[] };

// drizzle's table fields, keyed by the global symbols its table.js defines (typed as internal there).
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
type TableFields = { [TABLE_NAME]: string; [TABLE_SCHEMA]: string | undefined; [IS_ALIAS]: boolean };
/** drizzle's SQL.shouldInlineParams (private in its types): sql.inlineParams() was called on it. */
const inlinesParams = (statement: SQL) =>
  (statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/**
 * The PostgreSQL dialect with a faster compile of drizzle's SQL objects to text and parameters. Drizzle's own
 * walk (SQL.buildQueryFromSourceParams) tests each chunk against a dozen classes with `is()`, which walks the
 * prototype chain on every miss, and builds an object and two arrays per chunk before merging them; an order's
 * two statements have a few thousand chunks, and that walk was the largest share of drizzle-orm in the order
 * path's CPU profile. This walk appends to one string and one array and recognises the common chunks with
 * `instanceof`; the rest (subqueries, views, aliased fields, enums, query builders, inlined parameters) go to
 * drizzle's own walk, with the parameter numbering carried across.
 *
 * With SQL_COMPILE_CHECK=1 (every test run, vitest.config.ts) each statement is also compiled by drizzle and
 * the two must agree to the character and parameter.
 */
export class FastPgDialect extends PgDialect {
  private readonly check = process.env.SQL_COMPILE_CHECK === '1';

  override sqlToQuery(statement: SQL, invokeSource?: 'indexes' | undefined): Query {
    // Index definitions (drizzle-kit) name bare columns: drizzle's walk knows that case.
    if (invokeSource !== undefined || inlinesParams(statement))
      return super.sqlToQuery(statement, invokeSource);
    const compiled: Query = { sql: '', params: [] };
    this.append(statement.queryChunks, compiled);
    if (this.check) this.compare(statement, compiled);
    return compiled;
  }

  private append(chunks: readonly unknown[], into: Query): void {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) {
        const value = chunk.value;
        into.sql += value.length === 1 ? value[0] : value.join('');
      } else if (chunk instanceof SQL) {
        if (inlinesParams(chunk)) this.appendByDrizzle(chunk, into);
        else this.append(chunk.queryChunks, into);
      } else if (chunk instanceof Param) {
        this.appendParam(chunk, into);
      } else if (chunk instanceof Column) {
        into.sql += this.columnName(chunk);
      } else if (chunk instanceof Name) {
        into.sql += this.escapeName(chunk.value);
      } else if (chunk instanceof Table) {
        into.sql += this.tableName(chunk);
      } else if (chunk === undefined) {
        // drizzle writes nothing for an undefined chunk
      } else if (Array.isArray(chunk)) {
        into.sql += '(';
        chunk.forEach((item, index) => {
          if (index > 0) into.sql += ', ';
          this.append([item], into);
        });
        into.sql += ')';
      } else if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function')) {
        pushParam(chunk, into);
      } else {
        this.appendByDrizzle(chunk, into);
      }
    }
  }

  private appendParam(chunk: Param, into: Query): void {
    if (chunk.value instanceof Placeholder) {
      pushParam(chunk, into);
      return;
    }
    const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (mapped instanceof SQL) {
      this.append([mapped], into);
      return;
    }
    pushParam(mapped, into);
  }

  private tableName(table: Table): string {
    const fields = table as unknown as TableFields;
    const name = this.escapeName(fields[TABLE_NAME]);
    const schema = fields[TABLE_SCHEMA];
    return schema === undefined || fields[IS_ALIAS] ? name : `${this.escapeName(schema)}.${name}`;
  }

  private columnName(column: Column): string {
    return `${this.tableName(column.table as unknown as Table)}.${this.escapeName(this.casingCache().getColumnCasing(column))}`;
  }

  /** One chunk compiled by drizzle itself, numbering its parameters after the ones already taken. */
  private appendByDrizzle(chunk: unknown, into: Query): void {
    const part = new SQL([chunk as SQL]).toQuery({
      casing: this.casingCache(),
      escapeName: this.escapeName,
      escapeParam: this.escapeParam,
      escapeString: this.escapeString,
      prepareTyping: this.prepareTyping,
      paramStartIndex: { value: into.params.length },
    });
    into.sql += part.sql;
    into.params.push(...part.params);
  }

  /** The dialect's column-name cache (drizzle marks the field internal; the casing rules live there). */
  private casingCache(): BuildQueryConfig['casing'] {
    return (this as unknown as { casing: BuildQueryConfig['casing'] }).casing;
  }

  private compare(statement: SQL, compiled: Query): void {
    const expected = super.sqlToQuery(statement, undefined);
    if (expected.sql !== compiled.sql || !isDeepStrictEqual(expected.params, compiled.params)) {
      throw new Error(
        `sql-compiler: differs from drizzle's compile\n  drizzle: ${expected.sql}\n  ours:    ${compiled.sql}\n` +
          `  params: ${JSON.stringify(expected.params, jsonSafe)} / ${JSON.stringify(compiled.params, jsonSafe)}`,
      );
    }
  }
}

/** One parameter, numbered after the ones already taken ($1, $2, … as PgDialect.escapeParam). */
function pushParam(value: unknown, into: Query): void {
  into.params.push(value);
  into.sql += `$${into.params.length}`;
}

const jsonSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);
