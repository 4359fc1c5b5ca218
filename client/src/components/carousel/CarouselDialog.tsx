// "Carrossel" of a post (issue 30 item 8, docs/carousel.md): the AI writes 5–10 slides from the
// post, the server renders each as an image in the theme's colours with the client's logo; the
// person edits, reorders or removes slides (changed slides are rendered again, one by one, with
// the progress shown), and "Usar no post" makes the slides the post's images.
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CAROUSEL_MAX_SLIDES,
  type CarouselFormat,
  carouselMessages,
  carouselRefusalMessage,
  messages,
  SLIDE_BODY_MAX,
  SLIDE_KIND_LABELS,
  SLIDE_TITLE_MAX,
  type SlideKind,
  slidesIssue,
} from '@pauta/core';
import { IconArrowDown, IconArrowUp, IconPhoto, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSystemStatus } from '../../app/session';
import { useSingleFlight } from '../../lib/actions';
import { announce } from '../../lib/announcer';
import { describeError, errorCodeOf } from '../../lib/errors';
import { showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { counterProps } from '../CharacterCount';
import { TooltipIconButton } from '../TooltipIconButton';

const text = carouselMessages;

interface DraftSlide {
  id: string;
  kind: SlideKind;
  title: string;
  body: string;
  image: { url: string; thumbUrl: string; width: number; height: number } | null;
}

interface CarouselDialogProps {
  postId: string | null;
  editable: boolean;
  onClose: () => void;
}

export function CarouselDialog({ postId, editable, onClose }: CarouselDialogProps) {
  return (
    <Modal
      opened={postId !== null}
      onClose={onClose}
      title={text.title}
      size="min(56rem, 100%)"
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {postId && <CarouselEditor key={postId} postId={postId} editable={editable} onDone={onClose} />}
    </Modal>
  );
}

function CarouselEditor({
  postId,
  editable,
  onDone,
}: {
  postId: string;
  editable: boolean;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const getOptions = trpc.carousel.get.queryOptions({ postId });
  const query = useQuery(getOptions);
  const carousel = query.data?.carousel ?? null;
  const aiConfigured = useSystemStatus().data?.aiConfigured === true;
  const [format, setFormat] = useState<CarouselFormat>('portrait');
  const [draft, setDraft] = useState<DraftSlide[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const rendering = useRef(false);

  // The draft follows the server's slides until the person changes something.
  const slides: DraftSlide[] = draft ?? carousel?.slides ?? [];
  const dirty = draft !== null;
  const serverFormat = carousel?.format;
  useEffect(() => {
    if (serverFormat) setFormat(serverFormat);
  }, [serverFormat]);

  type View = NonNullable<typeof carousel>;
  const store = (view: View) =>
    queryClient.setQueryData(getOptions.queryKey, (current) =>
      current ? { ...current, carousel: view } : current,
    );
  const fail = (error: unknown) => {
    // The code's own text speaks of alt text suggestions; the carousel says what it needs.
    const described =
      errorCodeOf(error) === 'AI_NOT_CONFIGURED'
        ? { title: messages.common.error, message: text.aiOff }
        : describeError(error);
    showErrorText(described);
    announce(described.message, { assertive: true });
  };

  const generate = useMutation(trpc.carousel.generate.mutationOptions());
  const save = useMutation(trpc.carousel.save.mutationOptions());
  const renderSlide = useMutation(trpc.carousel.renderSlide.mutationOptions());
  const use = useMutation(trpc.carousel.use.mutationOptions());

  /** Renders every slide without an image, one request at a time, showing the progress. */
  const renderMissing = async (view: View) => {
    if (rendering.current) return;
    const missing = view.slides.filter((s) => s.image === null);
    if (missing.length === 0) return;
    rendering.current = true;
    let done = view.slides.length - missing.length;
    setProgress({ done, total: view.slides.length });
    try {
      for (const slide of missing) {
        store(await renderSlide.mutateAsync({ postId, slideId: slide.id }));
        done++;
        setProgress({ done, total: view.slides.length });
      }
      announce(text.rendering(done, view.slides.length));
    } catch (error) {
      fail(error);
      void query.refetch();
    } finally {
      rendering.current = false;
      setProgress(null);
    }
  };

  // A carousel left with slides to render (a closed dialog, a failed render) is finished on open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per version of the server's carousel.
  useEffect(() => {
    if (carousel && editable && !dirty && carousel.slides.some((s) => s.image === null))
      void renderMissing(carousel);
  }, [carousel?.version]);

  const [runGenerate, generating] = useSingleFlight(async () => {
    if (carousel && !window.confirm(text.regenerateConfirm)) return;
    try {
      const view = await generate.mutateAsync({ postId, format });
      setDraft(null);
      store(view);
      await renderMissing(view);
    } catch (error) {
      fail(error);
    }
  });

  const [runSave, saving] = useSingleFlight(async () => {
    if (!carousel) return;
    try {
      const view = await save.mutateAsync({
        postId,
        expectedVersion: carousel.version,
        format,
        slides: slides.map(({ id, kind, title, body }) => ({ id, kind, title, body })),
      });
      setDraft(null);
      store(view);
      await renderMissing(view);
      showSuccess(text.title, text.saved);
    } catch (error) {
      fail(error);
      setDraft(null);
      void query.refetch();
    }
  });

  const [runUse, using] = useSingleFlight(async () => {
    if (!carousel) return;
    try {
      const result = await use.mutateAsync({ postId, expectedVersion: carousel.version });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.media.list.queryKey({ postId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.posts.pathKey() }),
      ]);
      showSuccess(text.title, text.used(result.count));
      announce(text.used(result.count));
      onDone();
    } catch (error) {
      fail(error);
    }
  });

  const change = (index: number, patch: Partial<DraftSlide>) =>
    setDraft(slides.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...slides];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setDraft(next);
  };
  /** The slide's text or the format differs from what its image shows (it is rendered again on save). */
  const changed = (slide: DraftSlide) => {
    const stored = carousel?.slides.find((s) => s.id === slide.id);
    return (
      !stored ||
      stored.title !== slide.title ||
      stored.body !== slide.body ||
      stored.kind !== slide.kind ||
      format !== carousel?.format
    );
  };
  const removeAt = (index: number) => setDraft(slides.filter((_, i) => i !== index));

  const busy = generating || saving || using || progress !== null;
  const issue = dirty || format !== carousel?.format ? slidesIssue(slides) : null;
  const maxImages = query.data?.maxImages ?? CAROUSEL_MAX_SLIDES;
  const network = query.data?.network ?? '';
  const tooMany = slides.length > maxImages;
  const unrendered = slides.some((s) => s.image === null);
  const formatChanged = carousel !== null && format !== carousel.format;

  if (query.isPending) return <Text c="dimmed">{messages.common.loading}</Text>;
  if (query.isError) return <Alert color="red">{describeError(query.error).message}</Alert>;

  return (
    <Stack gap="md">
      <Text size="sm">{text.intro}</Text>
      {!editable && <Alert color="yellow">{text.notEditable}</Alert>}
      {editable && !aiConfigured && <Alert color="yellow">{text.aiOff}</Alert>}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Box maw="100%">
          <Text size="sm" fw={500} mb={4} id="carousel-format">
            {text.formatLabel}
          </Text>
          <SegmentedControl
            aria-labelledby="carousel-format"
            value={format}
            onChange={(value) => setFormat(value as CarouselFormat)}
            disabled={!editable || busy}
            // On a phone the two formats share the width, each label on two lines if need be
            // (without it "Quadrado 1:1" ran past the dialog's edge at 375 px).
            fullWidth
            styles={{ label: { whiteSpace: 'normal' } }}
            data={[
              { value: 'portrait', label: text.formats.portrait },
              { value: 'square', label: text.formats.square },
            ]}
          />
        </Box>
        {editable && aiConfigured && (
          <Button
            leftSection={<IconSparkles size={16} aria-hidden />}
            onClick={() => void runGenerate()}
            loading={generating}
            disabled={busy && !generating}
            variant={carousel ? 'default' : 'filled'}
          >
            {carousel ? text.regenerate : text.generate}
          </Button>
        )}
      </Group>
      {generating && (
        <Text size="sm" c="dimmed" role="status">
          {text.generating}
        </Text>
      )}
      {progress && (
        <Box role="status">
          <Text size="sm" mb={4}>
            {text.rendering(progress.done, progress.total)}
          </Text>
          <Progress value={(progress.done / progress.total) * 100} aria-hidden />
        </Box>
      )}
      {!carousel && !generating && <Text c="dimmed">{text.empty}</Text>}
      {slides.map((slide, index) => (
        <Paper key={slide.id} withBorder p="sm" radius="md" data-testid="carousel-slide">
          <Group align="flex-start" wrap="wrap" gap="md">
            <Box w={{ base: '100%', xs: 160 }} maw={220}>
              {slide.image && !changed(slide) ? (
                <Image src={slide.image.thumbUrl} alt={text.imageAlt(index)} radius="sm" />
              ) : (
                <Stack
                  align="center"
                  justify="center"
                  h={format === 'square' ? 160 : 200}
                  // Follows the colour scheme (gray-1 stayed a light block in dark mode).
                  bg="var(--mantine-color-default-hover)"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  <IconPhoto size={28} aria-hidden color="var(--mantine-color-gray-6)" />
                  <Text size="xs" c="dimmed">
                    {text.noImage}
                  </Text>
                </Stack>
              )}
            </Box>
            <Stack gap="xs" style={{ flex: '1 1 16rem' }} miw={0}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {text.slideHeading(index, slides.length)}
                  </Text>
                  <Badge variant="light" size="sm">
                    {SLIDE_KIND_LABELS[slide.kind]}
                  </Badge>
                </Group>
                {editable && (
                  <Group gap={4} wrap="nowrap">
                    <TooltipIconButton
                      tooltip={text.moveUp}
                      label={`${text.moveUp}: ${text.slideHeading(index, slides.length)}`}
                      icon={IconArrowUp}
                      variant="subtle"
                      disabled={busy || index === 0}
                      onClick={() => move(index, -1)}
                    />
                    <TooltipIconButton
                      tooltip={text.moveDown}
                      label={`${text.moveDown}: ${text.slideHeading(index, slides.length)}`}
                      icon={IconArrowDown}
                      variant="subtle"
                      disabled={busy || index === slides.length - 1}
                      onClick={() => move(index, 1)}
                    />
                    <TooltipIconButton
                      tooltip={text.remove}
                      label={`${text.remove}: ${text.slideHeading(index, slides.length)}`}
                      icon={IconTrash}
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      onClick={() => removeAt(index)}
                    />
                  </Group>
                )}
              </Group>
              <TextInput
                label={text.slideTitle}
                value={slide.title}
                readOnly={!editable}
                disabled={busy}
                onChange={(e) => change(index, { title: e.currentTarget.value })}
                error={
                  [...slide.title].length > SLIDE_TITLE_MAX || slide.title.trim() === '' ? true : undefined
                }
                {...counterProps(slide.title, SLIDE_TITLE_MAX)}
              />
              <Textarea
                label={text.slideBody}
                value={slide.body}
                readOnly={!editable}
                disabled={busy}
                autosize
                minRows={2}
                onChange={(e) => change(index, { body: e.currentTarget.value })}
                error={[...slide.body].length > SLIDE_BODY_MAX ? true : undefined}
                {...counterProps(slide.body, SLIDE_BODY_MAX)}
              />
            </Stack>
          </Group>
        </Paper>
      ))}
      {carousel && editable && (
        <Stack gap="xs">
          {issue && (
            <Text size="sm" c="red" role="alert">
              {carouselRefusalMessage(issue)}
            </Text>
          )}
          {tooMany && !issue && (
            <Alert color="yellow">
              {carouselRefusalMessage({
                reason: 'NETWORK_TOO_MANY',
                network,
                max: maxImages,
                count: slides.length,
              })}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {text.networkLimit(network, maxImages)} {text.useHint}
          </Text>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {(dirty || formatChanged) && (
              <Button variant="default" onClick={() => setDraft(null)} disabled={busy}>
                {messages.common.cancel}
              </Button>
            )}
            <Button
              variant={dirty || formatChanged ? 'filled' : 'default'}
              onClick={() => void runSave()}
              loading={saving}
              disabled={(!dirty && !formatChanged) || issue !== null || (busy && !saving)}
            >
              {text.save}
            </Button>
            <Button
              onClick={() => void runUse()}
              loading={using}
              disabled={dirty || formatChanged || unrendered || tooMany || (busy && !using)}
            >
              {text.use}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
