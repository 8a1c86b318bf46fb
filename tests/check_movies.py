#!/usr/bin/python3
"""tests/check_movies.py - every movie `jumpsweep trace --movie` writes, read back by an independent
reader that follows the published format descriptions (not jumpsweep's code):

  .bk2  TASVideos Bizhawk/BK2Format: a zip (Python's zipfile) with Header.txt (key value lines:
        Platform, Core) and Input Log.txt (the LogKey line, one '|'-line per frame, '.' up, any
        other character down, axes as 5-wide numbers with a comma);
  .fm2  FCEUX fm2.html: 'version 3' first, key value lines, then '|commands|port0|port1|port2|'
        records, the gamepad as RLDUTSBA;
  .m64  TASVideos M64 page: 0x400-byte header (signature M64\\x1a, version 3 at 0x4, VI count at
        0xC, VIs/s at 0x14, controllers at 0x15, samples at 0x18, start type at 0x1C), then 4
        bytes per controller per sample (the button word little-endian, A 0x0080, Z 0x0020);
  .tas  CelesteTAS: '   N,A,B' lines, N frames holding the listed actions.

Each movie's frames are compared with the sequence given to trace (expanded here from the --seq
alphabet).  Usage: check_movies.py JUMPSWEEP
"""
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile


def expand(seq):
    """'J3.2[JZ]' -> list of sets of letters, one per frame."""
    out, i = [], 0
    while i < len(seq):
        if seq[i] == '[':
            j = seq.index(']', i)
            item, i = set(seq[i + 1:j]), j + 1
        else:
            item, i = (set() if seq[i] == '.' else {seq[i]}), i + 1
        m = re.match(r'\d+', seq[i:])
        n = int(m.group(0)) if m else 1
        i += len(m.group(0)) if m else 0
        out += [item] * n
    return out


def bk2_frames(path):
    z = zipfile.ZipFile(path)
    names = set(z.namelist())
    for need in ('Header.txt', 'Input Log.txt'):
        assert need in names, f'{path}: no {need}'
    header = dict(l.split(' ', 1) for l in z.read('Header.txt').decode().splitlines() if ' ' in l)
    log = z.read('Input Log.txt').decode().splitlines()
    key = [l for l in log if l.startswith('LogKey:')]
    assert len(key) == 1, f'{path}: {len(key)} LogKey lines'
    groups = [g.split('|')[:-1] for g in key[0][len('LogKey:'):].split('#')[1:]]
    frames = []
    for line in (l for l in log if l.startswith('|')):
        fields = line.split('|')[1:-1]
        assert len(fields) == len(groups), f'{path}: {line!r} has {len(fields)} groups'
        pressed = set()
        for names_, text in zip(groups, fields):
            axes = re.match(r'((?:[ \d-]{5},)*)(.*)$', text)
            n_axes = axes.group(1).count(',')
            buttons = axes.group(2)
            assert n_axes + len(buttons) == len(names_), f'{path}: {line!r} vs {names_}'
            for name, ch in zip(names_[n_axes:], buttons):
                if ch != '.':
                    pressed.add(name)
        frames.append(pressed)
    return header, frames


def fm2_frames(path):
    lines = open(path).read().splitlines()
    assert lines[0] == 'version 3', f'{path}: first line {lines[0]!r}'
    header = dict(l.split(' ', 1) for l in lines if not l.startswith('|') and ' ' in l)
    frames = []
    for l in (l for l in lines if l.startswith('|')):
        pad = l.split('|')[2]
        assert len(pad) == 8
        frames.append({b for b, ch in zip('RLDUTSBA', pad) if ch not in '. '})
    return header, frames


def m64_frames(path):
    d = open(path, 'rb').read()
    assert d[:4] == b'M64\x1a', f'{path}: signature'
    version, vis, samples = struct.unpack_from('<I', d, 4)[0], struct.unpack_from('<I', d, 0xC)[0], \
        struct.unpack_from('<I', d, 0x18)[0]
    ctl, start = d[0x15], struct.unpack_from('<H', d, 0x1C)[0]
    assert version == 3 and ctl == 1 and start == 2, (version, ctl, start)
    assert len(d) == 0x400 + 4 * samples, f'{path}: {len(d)} bytes for {samples} samples'
    bits = {0x80: 'A', 0x40: 'B', 0x20: 'Z', 0x10: 'Start'}
    frames = []
    for k in range(samples):
        w = struct.unpack_from('<I', d, 0x400 + 4 * k)[0]
        frames.append({n for b, n in bits.items() if w & b})
    return {'vis': vis, 'samples': samples, 'vis_per_second': d[0x14]}, frames


def tas_frames(path):
    frames = []
    for l in open(path).read().splitlines():
        m = re.match(r'\s*(\d+)((?:,[^,]*)*)$', l)
        if not m:
            continue
        acts = {a for a in m.group(2).split(',') if a}
        frames += [acts] * int(m.group(1))
    return {}, frames


# (model, axes, seq, file extension, the model's button per letter, .bk2 platform, lines a frame)
CASES = [
    ('smb1', ['vx=0'], 'J40', 'bk2', {'J': 'P1 A'}, 'NES', 1),
    ('smb1', ['vx=0'], 'J12.3J2', 'fm2', {'J': 'A'}, None, 1),
    ('smw', ['vx=48', 'jump=normal'], 'J20.4J', 'bk2', {'J': 'P1 B'}, 'SNES', 1),
    ('smw', ['vx=48', 'jump=spin'], 'J20', 'bk2', {'J': 'P1 A'}, 'SNES', 1),
    ('sonic2', [], 'J9.2', 'bk2', {'J': 'P1 A'}, 'GEN', 1),
    ('mf', [], 'J15', 'bk2', {'J': 'A'}, 'GBA', 1),
    ('sa2', [], 'J3.J2', 'bk2', {'J': 'A'}, 'GBA', 1),
    ('sotn', [], 'J18', 'bk2', {'J': 'P1 Cross'}, 'PSX', 1),
    ('sm64', [], 'J5.3Z', 'bk2', {'J': 'P1 A', 'Z': 'P1 Z'}, 'N64', 2),
    ('sm64', [], 'J5.3Z', 'm64', {'J': 'A', 'Z': 'Z'}, None, 1),
    ('banjo', ['dt=ntsc_3vi'], 'J7.2', 'bk2', {'J': 'P1 A'}, 'N64', 3),
    ('banjo', ['dt=pal'], 'J7.2', 'm64', {'J': 'A'}, None, 1),
    ('celeste', [], 'J10.5[JD]3', 'tas', {'J': 'J', 'D': 'D'}, None, 1),
]


def main():
    js = sys.argv[1]
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for model, axes, seq, ext, buttons, platform, k in CASES:
            path = os.path.join(tmp, f'{model}.{ext}')
            cmd = [js, 'trace', model, '--seq', seq, '--movie', path]
            for a in axes:
                cmd += ['--axis', a]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            header, frames = {'bk2': bk2_frames, 'fm2': fm2_frames, 'm64': m64_frames,
                              'tas': tas_frames}[ext](path)
            want = []
            for item in expand(seq):
                want += [{buttons[b] for b in item}] * k
            what = f'{model} {" ".join(axes)} {seq} .{ext}'
            if frames != want:
                print(f'FAIL {what}: frames {frames} != {want}')
                bad += 1
            if platform and header.get('Platform') != platform:
                print(f'FAIL {what}: Platform {header.get("Platform")} != {platform}')
                bad += 1
            if ext == 'm64':
                per = 2  # sm64's 30 Hz frames and banjo's dt=pal updates: two VIs each
                if header['vis'] != per * header['samples']:
                    print(f'FAIL {what}: {header["vis"]} VIs for {header["samples"]} samples')
                    bad += 1
                if header['vis_per_second'] != (50 if 'dt=pal' in axes else 60):
                    print(f'FAIL {what}: {header["vis_per_second"]} VI/s')
                    bad += 1
            # no temporary file left
            left = [f for f in os.listdir(tmp) if '.tmp-' in f]
            if left:
                print(f'FAIL {what}: temporary files left: {left}')
                bad += 1
            print(f'ok   {what}: {len(frames)} frames')
    print(f'{len(CASES) - bad} of {len(CASES)} movies read back' if not bad else f'{bad} failures')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
