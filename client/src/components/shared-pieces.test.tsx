// The small shared pieces of the post cards and editors: a badge with a hint, and an icon-only
// button named by its tooltip.
import { IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '../test-utils/render';
import { IconBadge } from './IconBadge';
import { TooltipIconButton } from './TooltipIconButton';

afterEach(cleanup);

describe('IconBadge', () => {
  it('shows the label; the hint is its tooltip and is read after the label', () => {
    render(
      <IconBadge icon={IconPhotoOff} color="yellow" hint="Adicione uma imagem" data-testid="badge">
        Sem imagem
      </IconBadge>,
    );
    const badge = screen.getByTestId('badge');
    expect(badge.textContent).toBe('Sem imagem: Adicione uma imagem');
    expect(badge.getAttribute('title')).toBe('Adicione uma imagem');
  });

  it('joins the hint with the separator it is given; without a hint, only the label and no tooltip', () => {
    render(
      <>
        <IconBadge icon={IconPhotoOff} hint="2ª de 4" hintSeparator=" — " data-testid="joined">
          Recorrente
        </IconBadge>
        <IconBadge icon={IconPhotoOff} data-testid="plain">
          Vídeo
        </IconBadge>
      </>,
    );
    expect(screen.getByTestId('joined').textContent).toBe('Recorrente — 2ª de 4');
    expect(screen.getByTestId('plain').textContent).toBe('Vídeo');
    expect(screen.getByTestId('plain').hasAttribute('title')).toBe(false);
  });
});

describe('TooltipIconButton', () => {
  it('is named by its tooltip, or by the longer label when given, and runs its action', () => {
    const onRemove = vi.fn();
    render(
      <>
        <TooltipIconButton tooltip="Remover" icon={IconTrash} onClick={onRemove} />
        <TooltipIconButton
          tooltip="Remover"
          label="Remover: slide 2 de 3"
          icon={IconTrash}
          onClick={vi.fn()}
        />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Remover: slide 2 de 3' })).toBeTruthy();
  });

  it('does nothing while disabled', () => {
    const onClick = vi.fn();
    render(<TooltipIconButton tooltip="Mover para antes" icon={IconTrash} disabled onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Mover para antes' });
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});
