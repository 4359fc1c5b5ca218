import { Button } from '@mantine/core';
import { messages } from '@pauta/core';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../test-utils/render';
import { ModalActions } from './ModalActions';
import { TitledSection } from './SectionTitle';

describe('ModalActions', () => {
  it('puts Cancelar before the action and closes with it', () => {
    const onCancel = vi.fn();
    render(
      <ModalActions onCancel={onCancel}>
        <Button>Salvar</Button>
      </ModalActions>,
    );
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual([messages.common.cancel, 'Salvar']);
    fireEvent.click(screen.getByRole('button', { name: messages.common.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('keeps Cancelar disabled while the request runs, in the words it is given', () => {
    render(
      <ModalActions onCancel={vi.fn()} busy cancelLabel="Voltar">
        <Button>Excluir</Button>
      </ModalActions>,
    );
    expect((screen.getByRole('button', { name: 'Voltar' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('TitledSection', () => {
  it('is a section named by its h2, with the hint under the heading', () => {
    render(
      <TitledSection id="s-title" title="Melhores horários" hint="Quando o público mais reage">
        <p>conteúdo</p>
      </TitledSection>,
    );
    const section = screen.getByRole('region', { name: 'Melhores horários' });
    expect(section.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 2, name: 'Melhores horários' })).toBeTruthy();
    expect(section.textContent).toBe('Melhores horáriosQuando o público mais reageconteúdo');
  });
});
