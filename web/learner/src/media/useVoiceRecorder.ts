import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: 64,000 bps WebM/Opus, time ticking every 500 ms, video kept within 0.5 s of the recording. */
export const RECORDING_MIME = 'audio/webm;codecs=opus';
export const RECORDING_BPS = 64_000;
export const TICK_MS = 500;
export const DESYNC_TOLERANCE_S = 0.5;
export const COUNTDOWN_S = 3;

export type RecorderPhase = 'idle' | 'countdown' | 'recording' | 'paused' | 'ready';

/**
 * The studio's recorder: asks for the microphone (echo cancellation, noise suppression, auto gain), counts down,
 * records while the chapter's video plays muted in step, and stops at the video's end. The recorded time is the
 * sum of the running spans, so a pause stops both the clock and the video.
 */
export function useVoiceRecorder(video: RefObject<HTMLVideoElement | null>, onMicError: () => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [countdown, setCountdown] = useState(COUNTDOWN_S);
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Blob | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const runningSince = useRef<number | null>(null);
  const banked = useRef(0);
  const timers = useRef<number[]>([]);

  const clearTimers = () => {
    timers.current.forEach((id) => window.clearInterval(id));
    timers.current = [];
  };
  const recorded = () => banked.current + (runningSince.current === null ? 0 : (performance.now() - runningSince.current) / 1000);

  const release = useCallback(() => {
    clearTimers();
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    const v = video.current;
    if (v) v.pause();
  }, [video]);

  useEffect(() => release, [release]);

  const stop = useCallback(() => {
    const r = recorder.current;
    if (!r || r.state === 'inactive') return;
    banked.current = recorded();
    runningSince.current = null;
    setElapsed(banked.current);
    r.stop();
  }, []);

  const tick = useCallback(() => {
    const time = recorded();
    setElapsed(time);
    const v = video.current;
    if (!v) return;
    const duration = Number.isFinite(v.duration) ? v.duration : Infinity;
    if (time >= duration) {
      stop();
      return;
    }
    if (Math.abs(v.currentTime - time) > DESYNC_TOLERANCE_S) v.currentTime = time;
  }, [stop, video]);

  const begin = useCallback(() => {
    const s = stream.current;
    if (!s) return;
    chunks.current = [];
    const r = new MediaRecorder(s, { mimeType: RECORDING_MIME, audioBitsPerSecond: RECORDING_BPS });
    r.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    r.onstop = () => {
      clearTimers();
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
      video.current?.pause();
      setRecording(new Blob(chunks.current, { type: RECORDING_MIME }));
      setPhase('ready');
    };
    recorder.current = r;
    banked.current = 0;
    runningSince.current = performance.now();
    setElapsed(0);
    r.start(TICK_MS);
    const v = video.current;
    if (v) {
      v.muted = true;
      v.currentTime = 0;
      void v.play().catch(() => undefined);
    }
    setPhase('recording');
    timers.current.push(window.setInterval(tick, TICK_MS));
  }, [tick, video]);

  /** Step 10: the microphone first (its refusal sends the studio back to step 0), then 3, 2, 1. */
  const start = useCallback(async () => {
    release();
    setRecording(null);
    setElapsed(0);
    setCountdown(COUNTDOWN_S);
    setPhase('countdown');
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('no recorder');
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
    } catch {
      setPhase('idle');
      onMicError();
      return;
    }
    let left = COUNTDOWN_S;
    const id = window.setInterval(() => {
      left -= 1;
      setCountdown(left);
      if (left <= 0) {
        window.clearInterval(id);
        timers.current = timers.current.filter((t) => t !== id);
        begin();
      }
    }, 1000);
    timers.current.push(id);
  }, [begin, onMicError, release]);

  const pause = useCallback(() => {
    const r = recorder.current;
    if (!r || r.state !== 'recording') return;
    r.pause();
    banked.current = recorded();
    runningSince.current = null;
    video.current?.pause();
    setPhase('paused');
  }, [video]);

  const resume = useCallback(() => {
    const r = recorder.current;
    if (!r || r.state !== 'paused') return;
    r.resume();
    runningSince.current = performance.now();
    const v = video.current;
    if (v) {
      v.currentTime = banked.current;
      void v.play().catch(() => undefined);
    }
    setPhase('recording');
  }, [video]);

  /** Cancel: nothing recorded is kept. */
  const discard = useCallback(() => {
    const r = recorder.current;
    if (r && r.state !== 'inactive') {
      r.onstop = null;
      r.stop();
    }
    recorder.current = null;
    release();
    setRecording(null);
    setElapsed(0);
    setPhase('idle');
  }, [release]);

  return { phase, countdown, elapsed, recording, start, pause, resume, stop, discard };
}
