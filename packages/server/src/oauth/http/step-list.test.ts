import { describe, expect, it } from 'vitest';
import { runStepList, StepList, type NamedStep } from './step-list.js';

const finishInto = <C>(steps: readonly NamedStep<C>[]) => steps;

describe('step lists', () => {
  it('runs the steps in order, hands each the results of those before, and answers with the last', async () => {
    const seen: string[] = [];
    const steps = new StepList<{ base: number }, object, number, readonly NamedStep<{ base: number }>[]>(finishInto)
      .step('double', (ctx) => ctx.base * 2)
      .do('note the double', (_ctx, s) => void seen.push(`double=${s.double}`))
      .step('plusOne', async (_ctx, s) => s.double + 1)
      .respond((_ctx, s) => s.plusOne * 10);
    expect(steps.map((s) => s.name)).toEqual(['double', 'note the double', 'plusOne', 'respond']);
    expect(await runStepList(steps, { base: 4 })).toEqual({ ok: true, value: 90 });
    expect(seen).toEqual(['double=8']);
  });

  it('stops at the first step that throws and names it, without running the rest', async () => {
    let ranAfter = false;
    const boom = new Error('boom');
    const steps = new StepList<object, object, string, readonly NamedStep<object>[]>(finishInto)
      .step('first', () => 1)
      .do('fail here', () => {
        throw boom;
      })
      .do('never', () => {
        ranAfter = true;
      })
      .respond(() => 'answer');
    expect(await runStepList(steps, {})).toEqual({ ok: false, error: boom, step: 'fail here' });
    expect(ranAfter).toBe(false);
  });

  it('starts every run with a fresh state, so one request never sees another request’s values', async () => {
    const steps = new StepList<{ id: string }, object, string, readonly NamedStep<{ id: string }>[]>(finishInto)
      .step('previous', (_ctx, s) => (s as { id?: string }).id ?? 'none')
      .step('id', (ctx) => ctx.id)
      .respond((_ctx, s) => `${s.previous}->${s.id}`);
    expect(await runStepList(steps, { id: 'a' })).toEqual({ ok: true, value: 'none->a' });
    expect(await runStepList(steps, { id: 'b' })).toEqual({ ok: true, value: 'none->b' });
  });
});
