import type { Connection, Model, Schema } from 'mongoose';

/**
 * The connection's model of this name, compiled on first use: read models this package keeps (the user
 * directory, the plan book) may be built more than once on one connection, and mongoose refuses
 * to compile a name twice.
 */
export function modelOnce<S extends Schema>(db: Connection, name: string, schema: S) {
  type Compiled = Model<S extends Schema<infer T> ? T : never>;
  return ((db.models[name] as Compiled | undefined) ?? db.model(name, schema)) as Compiled;
}
