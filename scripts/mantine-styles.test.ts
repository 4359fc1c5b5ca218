import { describe, expect, it } from 'vitest';
import { stylesheetFor } from './mantine-styles.js';

const all = () => true;
const NM = '/repo/node_modules/@mantine';

describe('stylesheetFor', () => {
  it("maps a Mantine core class map to its component's stylesheet", () => {
    expect(stylesheetFor(`${NM}/core/esm/components/Button/Button.module.mjs`, all)).toBe(
      '@mantine/core/styles/Button.css',
    );
    expect(
      stylesheetFor(`${NM}/core/esm/components/Checkbox/CheckboxCard/CheckboxCard.module.mjs`, all),
    ).toBe('@mantine/core/styles/CheckboxCard.css');
    expect(stylesheetFor(`${NM}/core/esm/utils/InlineInput/InlineInput.module.mjs`, all)).toBe(
      '@mantine/core/styles/InlineInput.css',
    );
  });

  it('brings the single stylesheet of @mantine/dates and @mantine/notifications', () => {
    expect(stylesheetFor(`${NM}/dates/esm/components/Day/Day.module.mjs`, all)).toBe(
      '@mantine/dates/styles.css',
    );
    expect(stylesheetFor(`${NM}/notifications/esm/Notifications.module.mjs`, all)).toBe(
      '@mantine/notifications/styles.css',
    );
  });

  it('leaves every other module alone, and a class map without a stylesheet', () => {
    expect(stylesheetFor(`${NM}/core/esm/components/Button/Button.mjs`, all)).toBeNull();
    expect(stylesheetFor('/repo/client/src/components/cta.module.css', all)).toBeNull();
    expect(stylesheetFor(`${NM}/core/esm/components/Button/Button.module.mjs`, () => false)).toBeNull();
  });
});
