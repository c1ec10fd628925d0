import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PageProps, TermClass } from '../../contract/props';
import { Module } from '../../lib/modules';
import { classSlot, termCanonical, termPath } from './rules';

const page = (query: Record<string, string>, modules: string[]) =>
  ({ basePath: '/demo', query, brand: { settings: { additionalModules: modules } } }) as unknown as PageProps;

test('a class: its weekday and time when it has one, and how many sessions', () => {
  const c = { weekday: 6, startTime: '10:00', endTime: '11:00', sessionCount: 12 } as TermClass;
  assert.match(classSlot(c), /^每.+ 10:00.11:00・共 12 堂$/);
  assert.equal(classSlot({ ...c, weekday: 0 }), '共 12 堂');
});

test('term paths keep from=app; canonical with from=app only where the brand has no web shop', () => {
  assert.equal(termPath(page({ from: 'app' }, []), '/termSchedule'), '/demo/termSchedule?from=app');
  assert.equal(termPath(page({}, []), '/termSchedule'), '/demo/termSchedule');
  assert.equal(termCanonical(page({}, [Module.WEB_SHOP]), '/termSchedule'), '/demo/termSchedule');
  assert.equal(termCanonical(page({}, []), '/termSchedule'), '/demo/termSchedule?from=app');
});
