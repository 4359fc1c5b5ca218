// "Quadro de aprovação" beside the list and the calendar of Posts Agendados (issue 17): shown once
// a theme requires approval (themes.list is already cached by the filters).
import { Button } from '@mantine/core';
import { approvalMessages } from '@pauta/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../app/Link';
import { viewPath } from '../app/view-paths';
import { useTRPC } from '../lib/trpc';

export function ApprovalBoardLink() {
  const trpc = useTRPC();
  const themes = useQuery(trpc.themes.list.queryOptions());
  if (!themes.data?.some((theme) => theme.requiresApproval)) return null;
  return (
    <Button
      component={Link}
      href={viewPath('approval-board')}
      variant="default"
      leftSection={<IconLayoutKanban size={18} aria-hidden />}
    >
      {approvalMessages.boardLink}
    </Button>
  );
}
