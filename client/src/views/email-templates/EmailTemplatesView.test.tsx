import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { EmailTemplatesView } from './EmailTemplatesView';

const text = messages.admin.templates;

const hostile = {
  id: 't1',
  templateName: 'welcome',
  subject: 'Oi {{first_name}}',
  htmlContent:
    '<h1>Olá, {{first_name}}!</h1><script>parent.hacked=1</script><svg onload="alert(1)"><circle r="1"/></svg>' +
    '<a href="javascript:alert(2)">clique</a><img src="x" onerror="alert(3)"><a href="{{app_url}}">Pauta</a>',
  variables: { first_name: '<b>Maria</b>', app_url: 'https://pauta.app' },
  isActive: true,
  createdAt: new Date('2026-11-20T12:00:00Z'),
  updatedAt: new Date('2026-11-21T12:00:00Z'),
};

function open(handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'admin.templates.list': [hostile], ...handlers });
  render(<EmailTemplatesView />);
  return api;
}

describe('Templates de Email', () => {
  it('previews the template sanitised in a sandboxed iframe, with escaped sample variables', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: `${messages.common.edit} welcome` }));
    const dialog = await screen.findByRole('dialog');
    const frame = within(dialog).getByTitle(text.previewFrameTitle) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<h1>Olá, &lt;b&gt;Maria&lt;/b&gt;!</h1>');
    expect(doc).not.toMatch(/<script/i);
    expect(doc).not.toMatch(/onload|onerror/i);
    expect(doc).not.toMatch(/javascript:/i);
    expect(doc).toContain('href="https://pauta.app"');
    expect(within(dialog).getByTestId('preview-subject').textContent).toContain('Oi <b>Maria</b>');
    // The preview follows the editor live.
    fireEvent.change(within(dialog).getByLabelText(text.htmlContent, { exact: false }), {
      target: { value: '<p>Novo {{first_name}}</p><iframe src="https://evil.test"></iframe>' },
    });
    await waitFor(() =>
      expect(frame.getAttribute('srcdoc')).toContain('<p>Novo &lt;b&gt;Maria&lt;/b&gt;</p>'),
    );
    expect(frame.getAttribute('srcdoc')).not.toContain('evil.test');
  });

  it('refuses invalid variables JSON and saves an edit', async () => {
    const api = open({ 'admin.templates.update': { ...hostile } });
    fireEvent.click(await screen.findByRole('button', { name: `${messages.common.edit} welcome` }));
    const dialog = await screen.findByRole('dialog');
    const variables = within(dialog).getByLabelText(text.variables, { exact: false });
    fireEvent.change(variables, { target: { value: '{"first_name": ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await within(dialog).findByText(text.variablesInvalid)).toBeTruthy();
    expect(api.callsTo('admin.templates.update')).toHaveLength(0);
    fireEvent.change(variables, { target: { value: '{"first_name": "Ana"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await expectToast(messages.common.success, text.saved);
    expect(api.callsTo('admin.templates.update')[0]!.input).toMatchObject({
      id: 't1',
      templateName: 'welcome',
      variables: { first_name: 'Ana' },
    });
  });

  it('counts the subject and refuses a longer one whole, in pt-BR, sending nothing', async () => {
    const api = open({ 'admin.templates.update': { ...hostile } });
    fireEvent.click(await screen.findByRole('button', { name: `${messages.common.edit} welcome` }));
    const dialog = await screen.findByRole('dialog');
    const subject = within(dialog).getByLabelText(text.subject, { exact: false }) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'a'.repeat(350) } });
    expect(subject.value).toHaveLength(350);
    expect(within(dialog).getByText(new RegExp(messages.common.characterCount(350, 300)))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect((await within(dialog).findAllByText(messages.common.tooLong(300))).length).toBeGreaterThan(0);
    expect(api.callsTo('admin.templates.update')).toHaveLength(0);
  });

  it('asks before deleting a template', async () => {
    const api = open({ 'admin.templates.delete': { ok: true } });
    fireEvent.click(await screen.findByRole('button', { name: `${messages.common.delete} welcome` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text.confirmDelete('welcome'))).toBeTruthy();
    expect(api.callsTo('admin.templates.delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.delete }));
    await expectToast(messages.common.success, text.deleted);
    expect(api.callsTo('admin.templates.delete')[0]!.input).toEqual({ id: 't1' });
  });
});
