// The approval stage of a post of a theme that requires approval (docs/approval.md), on the cards
// of Posts Agendados: red when its time came unapproved (it was not published).
import { Badge } from '@mantine/core';
import { APPROVAL_STAGE_LABELS, type ApprovalStage, approvalMessages, type PostStatus } from '@pauta/core';
import { IconAlertTriangle, IconLayoutKanban } from '@tabler/icons-react';

export function ApprovalBadge({
  post,
}: {
  post: { approvalStage?: ApprovalStage | null; status: PostStatus; scheduledFor: Date };
}) {
  const stage = post.approvalStage;
  if (!stage || post.status === 'published') return null;
  const overdue =
    post.status === 'scheduled' && stage !== 'approved' && post.scheduledFor.getTime() <= Date.now();
  if (overdue) {
    return (
      <Badge color="red" variant="light" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
        {approvalMessages.overdue}
      </Badge>
    );
  }
  return (
    <Badge
      color={stage === 'approved' ? 'teal' : 'gray'}
      variant="outline"
      tt="none"
      leftSection={<IconLayoutKanban size={12} aria-hidden />}
    >
      {`${approvalMessages.navLabel}: ${APPROVAL_STAGE_LABELS[stage]}`}
    </Badge>
  );
}
