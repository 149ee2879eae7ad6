"use client";
// Optional QR scanning for the verify form: uses the browser's BarcodeDetector and the camera when
// both exist, and fills the token field (or follows a verify link); otherwise shows nothing.
import { useEffect, useRef, useState } from "react";

type Detected = { rawValue: string };
type Detector = { detect(source: HTMLVideoElement): Promise<Detected[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

// Not in TypeScript's DOM library yet, and absent from some browsers.
declare global {
  var BarcodeDetector: DetectorConstructor | undefined;
}

function barcodeDetector(): DetectorConstructor | undefined {
  return typeof globalThis.BarcodeDetector === "function" ? globalThis.BarcodeDetector : undefined;
}

export function ScanQrButton({ inputId }: { inputId: string }) {
  const [supported, setSupported] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState("");
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the camera and BarcodeDetector exist only in the browser: known after hydration, never on the server
    setSupported(Boolean(barcodeDetector() && navigator.mediaDevices?.getUserMedia));
  }, []);

  useEffect(() => {
    if (!scanning) return;
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ["qr_code"] });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped) {
          const [code] = await detector.detect(video.current);
          if (code) {
            const token = tokenFrom(code.rawValue);
            const input = document.getElementById(inputId);
            if (input instanceof HTMLInputElement) input.value = token;
            setMessage("Code read. Press Verify.");
            setScanning(false);
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch {
        setMessage("The camera is not available; paste the token instead.");
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [scanning, inputId]);

  if (!supported) return null;
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={() => setScanning((s) => !s)}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {scanning ? "Stop scanning" : "Scan QR code"}
      </button>
      {scanning && (
        <video ref={video} className="mt-3 w-full max-w-sm rounded-md" muted playsInline aria-label="Camera preview" />
      )}
      <p role="status" className="mt-2 text-sm text-slate-600">
        {message}
      </p>
    </div>
  );
}

/** A QR code holds the verify URL; the token is its `token` parameter (or the text itself). */
function tokenFrom(text: string): string {
  try {
    return new URL(text).searchParams.get("token") ?? text;
  } catch {
    return text.trim();
  }
}
