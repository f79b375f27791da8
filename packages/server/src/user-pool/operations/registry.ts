import type { Operation, ServiceName } from './operation.js';

/** The operations the JSON 1.1 endpoint dispatches to, by service and name. */
export class OperationRegistry {
  private readonly byTarget = new Map<string, Operation>();

  constructor(operations: readonly Operation[]) {
    for (const op of operations) {
      const target = `${op.service}.${op.name}`;
      if (this.byTarget.has(target)) throw new Error(`operation registered twice: ${target}`);
      this.byTarget.set(target, op);
    }
  }

  /** The operation an `X-Amz-Target` value names, or undefined. */
  byTargetHeader(target: string): Operation | undefined {
    return this.byTarget.get(target);
  }

  /** The operation of a service by name, or undefined. */
  get(service: ServiceName, name: string): Operation | undefined {
    return this.byTarget.get(`${service}.${name}`);
  }

  /** The operation of a service by name; throws when missing (for internal callers such as the CLI). */
  require(service: ServiceName, name: string): Operation {
    const op = this.get(service, name);
    if (op === undefined) throw new Error(`no operation ${service}.${name}`);
    return op;
  }

  /** Every registered operation. */
  list(): Operation[] {
    return [...this.byTarget.values()];
  }
}
