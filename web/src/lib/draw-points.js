// draw-points.js: a big state graph (state-graph.js's layout) drawn one
// point a state, with WebGL (one small shader of our own) or, where WebGL is
// missing, on a 2D canvas as pixels. No Preact.
//
// The points sit in the GPU in the layout's reading order (layer, row,
// column), so what a view shows is one slice of ranks (ranksIn) and a
// layer by remoteness is one slice of the colour buffer. Each point has a
// one-byte code, kept here on the CPU (PointColors.codes) and in a buffer
// the shader reads:
//
//   bit  7 6 5 | 4      | 3        | 2 1 0
//        unused| queued | terminal | look: 0 undecided, 1 first (mouse)
//              |        | (square) | wins, 2 second (cat) wins, 3 not a
//              |        |          | state, 4 draw
//
// Colours are updated incrementally: moving the cursor from c0 to c1
// re-reads only the states that the events between c0 and c1 touch (a
// layer model: the states of the layers between), and uploads the ranks
// from the lowest to the highest changed (bufferSubData). A jump longer
// than the graph is a full refresh.
//
// Edges, rings and labels are drawn by a 2D canvas over the points
// (drawPointsOver): few, so the canvas is the simplest tool for them.
import { drawArrow } from './draw-state-graph.js';
import { ranksIn } from './state-graph.js';

const TERMINAL = 8;
const QUEUED = 16;
export const LOOK_NAMES = ['undecided', 'win0', 'win1', 'invalid', 'draw'];

/** The look code of a value at the cursor (state-graph.js lookOf, as a number). */
export function lookCode(v, zeroIsDraw) {
  if (v === 0) return zeroIsDraw ? 4 : 0;
  if (v === 0xff) return 0;
  if (v === 1 || v === 2) return v;
  return 3;
}

/**
 * The points' codes (by rank), brought to (model, cursor) by sync(). The
 * model's picture is the cursor's (player.js), so a state's code is read
 * from it: model.values, model.inQueue(s) (retro-model.js; models without a
 * queue mark none).
 */
export function createPointColors(sg, layout) {
  const n = sg.count;
  const codes = new Uint8Array(n);
  // The ranks changed by the last sync, while few (a renderer redraws only
  // those); null when more than CHANGED_MAX changed (a full redraw).
  const CHANGED_MAX = Math.max(1024, n >> 3);
  const changed = new Int32Array(Math.min(n, CHANGED_MAX));
  const { rank } = layout;
  let at = { model: undefined, cursor: -1, zeroIsDraw: null };
  const codeOf = (model, v, zeroIsDraw) => {
    const s = sg.state[v];
    let c = model?.values ? lookCode(model.values[s], zeroIsDraw) : 0;
    if (sg.offsets[v + 1] === sg.offsets[v]) c |= TERMINAL;
    if (model?.inQueue && model.inQueue(s)) c |= QUEUED;
    return c;
  };
  return {
    codes,
    /**
     * Brings the codes to the model at `cursor`. Returns { from, to, read,
     * ranks }: the ranks changed (from .. to - 1; from === to: none), how
     * many states were re-read, and the changed ranks themselves while few
     * (an Int32Array), else null.
     */
    sync(model, cursor, zeroIsDraw) {
      let lo = n;
      let hi = -1;
      let read = 0;
      let count = 0;
      /** Rank r's code is c: noted as changed if it was not. */
      const put = (r, c) => {
        if (codes[r] !== c) {
          codes[r] = c;
          if (r < lo) lo = r;
          if (r > hi) hi = r;
          if (count < changed.length) changed[count] = r;
          count++;
        }
      };
      const set = (v) => {
        read++;
        put(rank[v], codeOf(model, v, zeroIsDraw));
      };
      const a = Math.min(at.cursor, cursor);
      const b = Math.max(at.cursor, cursor);
      let cost = b - a;
      if (model?.layerStates) {
        cost = 0;
        for (let i = a; i < b && cost <= n; i++) cost += model.layerStates(i).length;
      }
      if (model && at.model === model && at.zeroIsDraw === zeroIsDraw && cost <= n) {
        for (let i = a; i < b; i++) {
          const states = model.layerStates ? model.layerStates(i) : model.touched(i);
          for (const s of states) {
            const v = sg.node(s);
            if (v >= 0) set(v);
          }
        }
      } else {
        // A full refresh, in rank order without a call a state (a million states just after
        // their layout arrives): the queue's states are marked from the queue itself where
        // the model lists it (queueAt), else asked state by state.
        const values = model?.values ?? null;
        const listed = model && typeof model.queueAt === 'function' && model.tail - model.head <= n;
        const asked = !listed && model?.inQueue ? model.inQueue : null;
        // The layout worker's byRank (state id and terminal bit by rank, points-layout.js) reads
        // one array at random instead of three.
        const { order, byRank } = layout;
        const { state, offsets } = sg;
        const queuedAt = listed && model.tail > model.head ? new Uint8Array(n) : null; // by rank
        if (queuedAt) {
          for (let j = model.head; j < model.tail; j++) {
            const v = sg.node(model.queueAt(j));
            if (v >= 0) queuedAt[rank[v]] = 1;
          }
        }
        if (byRank && !asked) {
          const { states, terminal } = byRank;
          for (let r = 0; r < n; r++) {
            let c = values ? lookCode(values[states[r]], zeroIsDraw) : 0;
            if (terminal[r] === 1) c |= TERMINAL;
            if (queuedAt !== null && queuedAt[r] === 1) c |= QUEUED;
            put(r, c);
          }
        } else {
          for (let r = 0; r < n; r++) {
            const v = order[r];
            const st = state[v];
            let c = values ? lookCode(values[st], zeroIsDraw) : 0;
            if (offsets[v + 1] === offsets[v]) c |= TERMINAL;
            if (asked !== null ? asked(st) : queuedAt !== null && queuedAt[r] === 1) c |= QUEUED;
            put(r, c);
          }
        }
        read += n;
      }
      at = { model, cursor, zeroIsDraw };
      return { from: hi < 0 ? 0 : lo, to: hi + 1, read, ranks: count <= changed.length ? changed.subarray(0, count) : null };
    },
    /** The look of state s as drawn: 'win0', 'win1' (player 0 or 1 wins), 'draw', 'undecided', 'invalid', and whether queued. */
    lookOf(s) {
      const v = sg.node(s);
      if (v < 0) return null;
      const c = codes[rank[v]];
      return { look: LOOK_NAMES[c & 7], queued: (c & QUEUED) !== 0, terminal: (c & TERMINAL) !== 0 };
    },
  };
}

/** The points' positions in rank order: [x0, y0, x1, y1, ...] (layout units). */
export function rankPositions(layout) {
  const { order, x, y } = layout;
  const pos = new Float32Array(order.length * 2);
  for (let i = 0; i < order.length; i++) {
    pos[2 * i] = x[order[i]];
    pos[2 * i + 1] = y[order[i]];
  }
  return pos;
}

/**
 * A CSS colour as [r, g, b, a] (0..255): #rgb, #rrggbb, #rrggbbaa, rgb() and
 * rgba() read here (the page's palette is hex); anything else drawn on a
 * 1 x 1 canvas and read back.
 */
const rgbaCache = new Map();
export function rgbaOf(css) {
  let c = rgbaCache.get(css);
  if (c) return c;
  const t = css.trim().toLowerCase();
  let m;
  if ((m = /^#([0-9a-f]{3})$/.exec(t))) c = [...m[1]].map((h) => parseInt(h + h, 16)).concat(255);
  else if ((m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(t))) c = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16)).concat(m[2] ? parseInt(m[2], 16) : 255);
  else if ((m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(t)))
    c = [m[1], m[2], m[3]].map((v) => Math.round(Number(v))).concat(m[4] === undefined ? 255 : Math.round(Number(m[4]) * 255));
  else {
    const k = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : Object.assign(document.createElement('canvas'), { width: 1, height: 1 });
    const ctx = k.getContext('2d', { willReadFrequently: true });
    ctx.fillStyle = '#888';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    c = Array.from(ctx.getImageData(0, 0, 1, 1).data);
  }
  rgbaCache.set(css, c);
  return c;
}

/** A point's diameter and its queue ring's width, in device pixels, at a view. */
function sizes(layout, view) {
  const d = Math.max(1, 2 * layout.radius * view.scale * view.dpr);
  const ring = Math.max(1.5 * view.dpr, d * 0.2);
  // A ring that would reach the next point is not drawn: a queued point is then filled with the ring's colour.
  return { d, ring: d + 2 * ring <= layout.gap * view.scale * view.dpr ? ring : 0 };
}

const PALE = [true, false, false, true, true]; // undecided, not a state, draw: outlined
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/**
 * The colour at the centre of a point of each look, at a view: the look's
 * own, or for pale looks too small for an outline, mixed with the edge
 * colour; `queued` is a queued point's where rings do not fit (both
 * renderers draw them so).
 */
export function centreColours(layout, view, palette) {
  const { d, ring } = sizes(layout, view);
  const out = {};
  LOOK_NAMES.forEach((k, i) => (out[k] = PALE[i] && d < 4 ? mix(palette[k], palette.edge, 0.45) : palette[k]));
  out.queued = ring > 0 ? null : palette.accent;
  return out;
}

/** The ranks a view shows: the rows within its rectangle, with a margin of one gap. */
export function viewRanks(layout, view) {
  const m = layout.gap;
  return ranksIn(layout, view.top / view.scale - m, (view.top + view.height) / view.scale + m);
}

const VS = `
attribute vec2 a_pos;
attribute float a_code;
uniform vec2 u_origin;
uniform float u_k;
uniform vec2 u_size;
uniform float u_d;
uniform float u_ring;
uniform vec4 u_pal0;
uniform vec4 u_pal1;
uniform vec4 u_pal2;
uniform vec4 u_pal3;
uniform vec4 u_pal4;
uniform mediump vec4 u_edge;
uniform vec4 u_accentv;
varying vec4 v_col;
varying float v_inner;
varying float v_round;
varying float v_outline;
void main() {
  vec2 p = (a_pos - u_origin) * u_k / u_size * 2.0 - 1.0;
  gl_Position = vec4(p.x, -p.y, 0.0, 1.0);
  float look = mod(a_code, 8.0);
  float term = mod(floor(a_code / 8.0), 2.0);
  float queued = mod(floor(a_code / 16.0), 2.0);
  vec4 c = u_pal0;
  if (look > 0.5 && look < 1.5) c = u_pal1;
  else if (look > 1.5 && look < 2.5) c = u_pal2;
  else if (look > 2.5 && look < 3.5) c = u_pal3;
  else if (look > 3.5) c = u_pal4;
  // Pale looks (undecided, not a state, draw) get an outline; too small for one, a darker fill.
  bool pale = look < 0.5 || look > 2.5;
  v_outline = (pale && u_d >= 4.0) ? 1.0 - 2.0 / u_d : 2.0;
  v_col = (pale && u_d < 4.0) ? mix(c, u_edge, 0.45) : c;
  if (queued > 0.5 && u_ring <= 0.0) { v_col = u_accentv; v_outline = 2.0; }
  float size = u_d + (queued > 0.5 ? 2.0 * u_ring : 0.0);
  gl_PointSize = size;
  v_inner = u_d / size;
  v_round = (term > 0.5 || u_d < 4.0) ? 0.0 : 1.0;
}`;

const FS = `
precision mediump float;
uniform vec4 u_accent;
uniform vec4 u_edge;
varying vec4 v_col;
varying float v_inner;
varying float v_round;
varying float v_outline;
void main() {
  vec2 c = gl_PointCoord * 2.0 - 1.0;
  float r = v_round > 0.5 ? length(c) : max(abs(c.x), abs(c.y));
  if (r > 1.0) discard;
  float k = r / v_inner; // 0 at the centre, 1 at the fill's edge
  gl_FragColor = k > 1.0 ? u_accent : k > v_outline ? u_edge : v_col;
}`;

function compile(gl, type, text) {
  const sh = gl.createShader(type);
  gl.shaderSource(sh, text);
  gl.compileShader(sh);
  if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(`shader: ${gl.getShaderInfoLog(sh)}`);
  return sh;
}

/**
 * Which renderer to use: 'auto' takes WebGL only where it runs on a GPU
 * (failIfMajorPerformanceCaveat refuses a software WebGL such as
 * SwiftShader, where the canvas of pixels measured faster: docs/
 * architecture.md), 'webgl' any WebGL, 'canvas' never. The page reads
 * localStorage 'pp-points' ('webgl' or 'canvas': for tests, benches and to
 * compare by hand), else 'auto'.
 */
export function pointsPreference() {
  try {
    const p = globalThis.localStorage?.getItem('pp-points');
    return p === 'webgl' || p === 'canvas' ? p : 'auto';
  } catch {
    return 'auto';
  }
}

/**
 * A renderer on `canvas`: WebGL if the browser gives a context (see
 * pointsPreference), else the 2D canvas of pixels. Both draw the same points
 * the same way: { kind: 'webgl' | 'canvas', setPoints(pos, codes),
 * upload(codes, from, to, ranks), draw(layout, view, palette), pixelAt(x, y)
 * (device px: [r, g, b, a]), destroy() }. palette: { undecided, win0, win1,
 * invalid, draw, accent (the queue's ring), edge (pale looks' outline) }
 * as [r, g, b, a].
 */
export function createPointRenderer(canvas, { prefer = pointsPreference() } = {}) {
  const options = {
    antialias: false,
    alpha: true,
    premultipliedAlpha: true,
    preserveDrawingBuffer: false,
    failIfMajorPerformanceCaveat: prefer !== 'webgl',
  };
  // A canvas holds one kind of context for good: WebGL is tried on a spare
  // canvas first (context and shader), so a failure leaves this one for 2D.
  const why = prefer === 'canvas' ? 'asked for' : glFails(options, prefer === 'auto');
  if (!why) {
    const gl = canvas.getContext('webgl', options);
    if (gl) return glRenderer(canvas, gl);
  }
  return Object.assign(pixelRenderer(canvas), { why: why || 'no WebGL context' });
}

/** A WebGL that runs on the CPU, by its renderer's name. */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * Why WebGL cannot draw the points ('' when it can): no context, a
 * software one (when `gpuOnly`), or the shader does not build.
 */
function glFails(options, gpuOnly) {
  try {
    const gl = document.createElement('canvas').getContext('webgl', options);
    if (!gl) return 'no WebGL context';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    if (gpuOnly && SOFTWARE_GL.test(name)) {
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      return 'WebGL in software';
    }
    const prog = program(gl);
    gl.deleteProgram(prog);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return '';
  } catch (e) {
    return String(e?.message ?? e).slice(0, 200);
  }
}

function program(gl) {
  const prog = gl.createProgram();
  gl.attachShader(prog, compile(gl, gl.VERTEX_SHADER, VS));
  gl.attachShader(prog, compile(gl, gl.FRAGMENT_SHADER, FS));
  gl.linkProgram(prog);
  if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(`link: ${gl.getProgramInfoLog(prog)}`);
  return prog;
}

function glRenderer(canvas, gl) {
  const prog = program(gl);
  const loc = (name) => gl.getUniformLocation(prog, name);
  const u = {};
  for (const name of ['u_origin', 'u_k', 'u_size', 'u_d', 'u_ring', 'u_pal0', 'u_pal1', 'u_pal2', 'u_pal3', 'u_pal4', 'u_accent', 'u_edge', 'u_accentv'])
    u[name] = loc(name);
  const aPos = gl.getAttribLocation(prog, 'a_pos');
  const aCode = gl.getAttribLocation(prog, 'a_code');
  const posBuf = gl.createBuffer();
  const codeBuf = gl.createBuffer();
  const maxSize = gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE)[1];
  let n = 0;
  let last = null; // the last draw's arguments, for pixelAt
  const r = {
    kind: 'webgl',
    setPoints(pos, codes) {
      n = pos.length / 2;
      gl.bindBuffer(gl.ARRAY_BUFFER, posBuf);
      gl.bufferData(gl.ARRAY_BUFFER, pos, gl.STATIC_DRAW);
      gl.bindBuffer(gl.ARRAY_BUFFER, codeBuf);
      gl.bufferData(gl.ARRAY_BUFFER, codes, gl.DYNAMIC_DRAW);
    },
    upload(codes, from, to) {
      if (to <= from) return 0;
      gl.bindBuffer(gl.ARRAY_BUFFER, codeBuf);
      gl.bufferSubData(gl.ARRAY_BUFFER, from, codes.subarray(from, to));
      return to - from;
    },
    draw(layout, view, palette) {
      last = [layout, view, palette];
      gl.viewport(0, 0, canvas.width, canvas.height);
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT);
      if (n === 0) return;
      gl.useProgram(prog);
      const { d, ring } = sizes(layout, view);
      const dd = Math.min(d, maxSize / 2);
      gl.uniform2f(u.u_origin, view.left / view.scale, view.top / view.scale);
      gl.uniform1f(u.u_k, view.scale * view.dpr);
      gl.uniform2f(u.u_size, canvas.width, canvas.height);
      gl.uniform1f(u.u_d, dd);
      gl.uniform1f(u.u_ring, ring > 0 ? Math.max(0.5, Math.min(ring, (maxSize - dd) / 2)) : 0);
      LOOK_NAMES.forEach((k, i) =>
        gl.uniform4fv(
          u[`u_pal${i}`],
          palette[k].map((c) => c / 255),
        ),
      );
      gl.uniform4fv(
        u.u_accent,
        palette.accent.map((c) => c / 255),
      );
      gl.uniform4fv(
        u.u_edge,
        palette.edge.map((c) => c / 255),
      );
      gl.uniform4fv(
        u.u_accentv,
        palette.accent.map((c) => c / 255),
      );
      gl.bindBuffer(gl.ARRAY_BUFFER, posBuf);
      gl.enableVertexAttribArray(aPos);
      gl.vertexAttribPointer(aPos, 2, gl.FLOAT, false, 0, 0);
      gl.bindBuffer(gl.ARRAY_BUFFER, codeBuf);
      gl.enableVertexAttribArray(aCode);
      gl.vertexAttribPointer(aCode, 1, gl.UNSIGNED_BYTE, false, 0, 0);
      const { from, to } = viewRanks(layout, view);
      if (to > from) gl.drawArrays(gl.POINTS, from, to - from);
    },
    /**
     * The drawn colour at device pixel (x, y) from the top left: drawn
     * again, copied to a canvas in memory, read there (for tests).
     */
    pixelAt(x, y) {
      if (last) r.draw(...last);
      const copy = new OffscreenCanvas(1, 1);
      const ctx = copy.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(canvas, Math.floor(x), Math.floor(y), 1, 1, 0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    },
    destroy() {
      canvas.ppBeforeCopy = null;
      gl.deleteBuffer(posBuf);
      gl.deleteBuffer(codeBuf);
      gl.deleteProgram(prog);
    },
  };
  // An export copies this canvas (lib/export.js drawFrame): WebGL keeps no
  // buffer once a frame is shown, so the last picture is drawn again first.
  canvas.ppBeforeCopy = () => last && r.draw(...last);
  return r;
}

/** [r, g, b, a] as one little-endian pixel of a Uint32Array over ImageData. */
const packed = ([R, G, B, A]) => ((A << 24) | (B << 16) | (G << 8) | R) >>> 0;

function pixelRenderer(canvas) {
  // Pixels written by the CPU every frame: a canvas kept in memory (not the GPU's) suits them.
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  let pos = new Float32Array(0);
  let codes = new Uint8Array(0);
  let img = null;
  let px = null;
  let key = ''; // the view and palette the pixels hold
  let all = true; // every point to draw again; else only those in `pending`
  let pending = new Int32Array(0); // ranks changed since the last draw
  return {
    kind: 'canvas',
    setPoints(p, c) {
      pos = p;
      codes = c;
      all = true;
    },
    /** Nothing to copy (the codes are read where they are kept): notes which points to draw again. */
    upload(c, from, to, ranks = null) {
      if (to <= from) return 0;
      if (!ranks) all = true;
      else if (!all) pending = concat(pending, ranks);
      return ranks ? ranks.length : to - from;
    },
    /**
     * Draws the view: every shown point when the view, the palette or the
     * canvas changed (or too many points did), else only the points changed
     * since the last draw (a point never reaches its neighbour, so each is
     * cleared and drawn again on its own), and only their rectangle is put.
     */
    draw(layout, view, palette) {
      const W = canvas.width;
      const H = canvas.height;
      const now = `${W},${H},${view.left},${view.top},${view.scale},${view.dpr},${palette.undecided},${palette.win0},${palette.win1},${palette.draw},${palette.accent},${palette.edge}`;
      const full = all || now !== key || !img || img.width !== W || img.height !== H;
      if (!img || img.width !== W || img.height !== H) {
        img = ctx.createImageData(W, H);
        px = new Uint32Array(img.data.buffer);
      }
      const { d, ring } = sizes(layout, view);
      const k = view.scale * view.dpr;
      const ox = view.left / view.scale;
      const oy = view.top / view.scale;
      // Pale looks (undecided, not a state, draw): outlined, or darker when too small for an outline (as the shader).
      const centre = centreColours(layout, view, palette);
      const pal = LOOK_NAMES.map((name) => packed(centre[name]));
      const accent = packed(palette.accent);
      const edge = packed(palette.edge);
      const r0 = d / 2;
      const reach = r0 + ring;
      // A disc or a square of radius rr centred at (cx, cy), by rows of pixels.
      const shape = (cx, cy, rr, color, round) => {
        const y0 = Math.max(0, Math.ceil(cy - rr - 0.5));
        const y1 = Math.min(H - 1, Math.floor(cy + rr - 0.5));
        for (let yi = y0; yi <= y1; yi++) {
          const dy = yi + 0.5 - cy;
          const half = round ? Math.sqrt(Math.max(0, rr * rr - dy * dy)) : rr;
          const x0 = Math.max(0, Math.ceil(cx - half - 0.5));
          const x1 = Math.min(W - 1, Math.floor(cx + half - 0.5));
          if (x1 >= x0) px.fill(color, yi * W + x0, yi * W + x1 + 1);
        }
      };
      const tiny = reach < 0.75; // a point is one pixel
      const one = (i, clear) => {
        const cx = (pos[2 * i] - ox) * k;
        const cy = (pos[2 * i + 1] - oy) * k;
        const c = codes[i];
        const look = c & 7;
        const queued = (c & QUEUED) !== 0;
        if (tiny) {
          const xi = Math.floor(cx);
          const yi = Math.floor(cy);
          if (xi >= 0 && xi < W && yi >= 0 && yi < H) px[yi * W + xi] = queued ? accent : pal[look];
          return;
        }
        if (clear) shape(cx, cy, reach, 0, false);
        const round = (c & TERMINAL) === 0 && d >= 4;
        if (queued && ring > 0) shape(cx, cy, reach, accent, round);
        if (queued && ring === 0) shape(cx, cy, r0, accent, round);
        else if (PALE[look] && d >= 4) {
          shape(cx, cy, r0, edge, round);
          shape(cx, cy, r0 - 1, pal[look], round);
        } else shape(cx, cy, r0, pal[look], round);
      };
      if (full) {
        px.fill(0);
        const { from, to } = viewRanks(layout, view);
        if (tiny) {
          // The common case of a big graph zoomed out, inlined: one pixel a point.
          for (let i = from; i < to; i++) {
            const xi = Math.floor((pos[2 * i] - ox) * k);
            const yi = Math.floor((pos[2 * i + 1] - oy) * k);
            if (xi < 0 || xi >= W || yi < 0 || yi >= H) continue;
            const c = codes[i];
            px[yi * W + xi] = c & QUEUED ? accent : pal[c & 7];
          }
        } else {
          for (let i = from; i < to; i++) {
            const cx = (pos[2 * i] - ox) * k;
            const cy = (pos[2 * i + 1] - oy) * k;
            if (cx < -reach || cy < -reach || cx > W + reach || cy > H + reach) continue;
            one(i, false);
          }
        }
        ctx.putImageData(img, 0, 0);
      } else if (pending.length > 0) {
        let x0 = W;
        let y0 = H;
        let x1 = -1;
        let y1 = -1;
        const m = Math.ceil(reach) + 2;
        for (const i of pending) {
          const cx = (pos[2 * i] - ox) * k;
          const cy = (pos[2 * i + 1] - oy) * k;
          if (cx < -m || cy < -m || cx > W + m || cy > H + m) continue;
          one(i, true);
          x0 = Math.min(x0, cx - m);
          y0 = Math.min(y0, cy - m);
          x1 = Math.max(x1, cx + m);
          y1 = Math.max(y1, cy + m);
        }
        if (x1 >= 0) {
          const ax = Math.max(0, Math.floor(x0));
          const ay = Math.max(0, Math.floor(y0));
          ctx.putImageData(img, 0, 0, ax, ay, Math.min(W, Math.ceil(x1)) - ax + 1, Math.min(H, Math.ceil(y1)) - ay + 1);
        }
      }
      key = now;
      all = false;
      pending = new Int32Array(0);
    },
    pixelAt(x, y) {
      return Array.from(ctx.getImageData(Math.floor(x), Math.floor(y), 1, 1).data);
    },
    destroy() {},
  };
}

/** Two lists of ranks as one (the changes of several syncs between two draws). */
function concat(a, b) {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * The 2D layer under the points: the layers' bands and names. p: { layout,
 * view, palette (CSS strings: surface, muted) }.
 */
export function drawPointsUnder(ctx, p) {
  const { view, layout, palette } = p;
  const k = view.scale * view.dpr;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(k, 0, 0, k, -view.left * view.dpr, -view.top * view.dpr);
  const y0 = view.top / view.scale;
  const y1 = (view.top + view.height) / view.scale;
  const labels = 11 / view.scale; // the names stay 11 px tall at any zoom
  let free = -Infinity; // names never overlap: the next one goes below this
  layout.rows.forEach((row, i) => {
    if (row.y1 < y0 || row.y0 > y1) return;
    if (i % 2 === 0) {
      ctx.fillStyle = palette.surface;
      ctx.fillRect(0, row.y0, layout.width, row.y1 - row.y0);
    }
    if (row.y0 >= free) {
      ctx.fillStyle = palette.muted;
      ctx.font = `${labels}px system-ui, sans-serif`;
      ctx.fillText(`${row.name} · ${row.size.toLocaleString('en-US')}`, view.left / view.scale + 4 / view.scale, row.y0 + labels);
      free = row.y0 + labels * 1.3;
    }
  });
}

/**
 * The 2D layer over the points: the selected state's moves (dark) and its
 * parents' (muted), the current event's move, rings (start, the current
 * event's states, selected, focus) and, zoomed in far enough, every shown
 * state's name. p: { sg, layout, view, palette (CSS strings), selected,
 * parents, eventEdge, event, focus, start, nameOf(node) }.
 */
export function drawPointsOver(ctx, p) {
  const { view, sg, layout, palette } = p;
  const k = view.scale * view.dpr;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(k, 0, 0, k, -view.left * view.dpr, -view.top * view.dpr);
  const { x, y } = layout;
  const r = Math.max(layout.radius, 1.5 / view.scale);
  const px = 1 / view.scale; // one CSS pixel in layout units
  const arrow = (a, b, color, width) => drawArrow(ctx, x, y, a, b, { r, gap: px, head: 5 * px, color, width });
  const strong = 1.6 * px;
  const s = p.selected;
  if (s >= 0) {
    for (const q of p.parents ?? []) arrow(q, s, palette.muted, strong * 0.8);
    for (let e = sg.offsets[s]; e < sg.offsets[s + 1]; e++) arrow(s, sg.targets[e], palette.text, strong);
  }
  if (p.eventEdge) arrow(p.eventEdge[0], p.eventEdge[1], palette.event, strong * 1.4);
  const ring = (v, color, grow, width, dash = null) => {
    if (v < 0) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash ? dash.map((d) => d * px) : []);
    ctx.beginPath();
    ctx.arc(x[v], y[v], r + grow * px, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  ring(p.start, palette.text, 2, 1.5 * px, [2, 2]);
  for (const v of p.event ?? []) ring(v, palette.event, 3.5, 2.5 * px);
  ring(s, palette.selected, 5, 2.5 * px);
  ring(p.focus, palette.focus, 8, 2 * px, [3, 2]);

  // Names, once a row's points are far enough apart to hold them.
  if (layout.gap * view.scale >= 40 && p.nameOf) {
    const x0 = view.left / view.scale - layout.gap;
    const x1 = (view.left + view.width) / view.scale + layout.gap;
    const { from, to } = viewRanks(layout, view);
    ctx.font = `${10 * px}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillStyle = palette.text;
    let shown = 0;
    for (let i = from; i < to && shown < 2000; i++) {
      const v = layout.order[i];
      if (x[v] < x0 || x[v] > x1) continue;
      ctx.fillText(p.nameOf(v), x[v], y[v] + r + 1.5 * px);
      shown++;
    }
    ctx.textAlign = 'start';
    ctx.textBaseline = 'alphabetic';
  }
}
