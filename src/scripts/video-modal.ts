import { openModal, setUpModal } from './modal-dialog.ts';
import { createPlayer } from './video.ts';

/**
 * Video modals: a `[data-video-modal="<dialog id>"]` trigger opens that dialog and only then creates
 * the player; closing removes it, which also stops the sound.
 */
export function initVideoModals(): void {
  for (const trigger of document.querySelectorAll<HTMLElement>('[data-video-modal]')) {
    const dialog = document.getElementById(trigger.dataset.videoModal ?? '');
    if (!(dialog instanceof HTMLDialogElement)) continue;
    const frame = dialog.querySelector<HTMLElement>('[data-video-frame]');
    if (!frame) continue;
    setUpModal(dialog, () => frame.replaceChildren());
    trigger.addEventListener('click', () => {
      const { videoId = '', videoTitle = '' } = dialog.dataset;
      frame.replaceChildren(createPlayer(videoId, videoTitle, { autoplay: '1' }));
      openModal(dialog, trigger);
    });
  }
}
