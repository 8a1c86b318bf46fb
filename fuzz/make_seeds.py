#!/usr/bin/env python3
"""fuzz/make_seeds.py JUMPSWEEP - (re)writes the seed corpora and dictionaries in fuzz/.

Deterministic: the same models give the same files.  Run it after adding a model (its corpus
directory corpus/model/<id>/ and its names in the dictionaries come from `jumpsweep list`).
  corpus/model/<id>/   byte strings for fuzz_model with the model fixed: no fields, every field
                       at its edges, random fields, short and long runs, 1 and 64 lanes
  corpus/model-any/    the same with the model picked by the first byte
  corpus/args/         axis arguments, input sequences, hold ranges (good and bad)
  corpus/claims/       small claims documents (good and bad)
  corpus/case/         reproducer texts
  corpus/movie/        movies jumpsweep writes (every model with a format, each format), whole
                       and cut short, behind fuzz_movie's two selector bytes
  dict/*.dict          libFuzzer dictionaries: axis names and values, JSON keys, case keys,
                       movie tokens
"""
import os, random, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
js = sys.argv[1]


def models():
    out = subprocess.run([js, 'list'], capture_output=True, text=True, check=True).stdout
    ms = []
    for line in out.splitlines():
        if line and not line.startswith(' '):
            ms.append({'id': line.split()[0], 'axes': [], 'fields': []})
        m = re.match(r'^    (\w+)\s+(\S+)\s', line)
        if m and m.group(1) != 'hold' and ms:
            ms[-1]['axes'].append((m.group(1), m.group(2)))
    for m in ms:
        full = subprocess.run([js, 'list', m['id']], capture_output=True, text=True, check=True).stdout
        infields = False
        for line in full.splitlines():
            if line.startswith('  start fields'):
                infields = True
                continue
            if infields and line.startswith('    '):
                m['fields'].append(line.split()[0])
            elif infields:
                infields = False
    return ms


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = 'wb' if isinstance(data, bytes) else 'w'
    with open(path, mode) as f:
        f.write(data)


def clear(d):
    if os.path.isdir(d):
        for root, dirs, files in os.walk(d, topdown=False):
            for f in files:
                os.remove(os.path.join(root, f))
            for x in dirs:
                os.rmdir(os.path.join(root, x))


ms = models()
corpus = os.path.join(here, 'corpus')
clear(corpus)
for i, m in enumerate(ms):
    rng = random.Random(m['id'])
    d = os.path.join(corpus, 'model', m['id'])
    # byte 0 model (ignored when fixed), 1 lanes-1, 2 frames selector, then per axis sel + u32,
    # the field selector, field values, then input runs (js_case_decode).
    ax = b''.join(bytes([k % 8]) + b'\0\0\0\0' for k in range(len(m['axes'])))
    write(os.path.join(d, 'init-held'), bytes([i, 0, 40]) + ax + bytes([0]) + bytes([0x71, 0xF1, 0x00]))
    write(os.path.join(d, 'init-64-lanes'), bytes([i, 63, 60]) + ax + bytes([0]) + bytes([0x31, 0x00, 0x51, 0x00, 0xF1]))
    edges = b''.join(bytes([k % 7]) for k in range(len(m['fields'])))
    write(os.path.join(d, 'fields-edges'), bytes([i, 7, 80]) + ax + bytes([100]) + edges + bytes([0xF0, 0xF0]))
    for k in range(5):
        n = rng.randrange(48, 600)
        write(os.path.join(d, 'random-%d' % k), bytes([i]) + bytes(rng.randrange(256) for _ in range(n)))
rng = random.Random('any')
for k in range(8):
    write(os.path.join(corpus, 'model-any', 'random-%d' % k), bytes(rng.randrange(256) for _ in range(rng.randrange(32, 400))))

args = []
for i, m in enumerate(ms):
    for name, vals in m['axes']:
        if '|' in vals:
            v = vals.split('|')
            args.append((i, 0, '%s=%s' % (name, v[0])))
            args.append((i, 0, '%s=%s:%s' % (name, v[0], v[-1])))
        else:
            args.append((i, 0, '%s=%s' % (name, vals.replace('..', ':'))))
args += [(0, 0, 'vx=41'), (0, 0, 'vx=5:2'), (0, 0, 'nope=1'), (0, 0, 'vx='), (0, 0, 'vx=0x10'),
         (0, 1, 'J10.5J3'), (0, 1, '[JD]3.2[JZB]'), (0, 1, 'J999999'), (0, 1, '[J'), (0, 1, 'Q'),
         (0, 2, '0:40'), (0, 2, '5'), (0, 2, '-1:3'), (0, 2, '1:x')]
for k, (i, mode, text) in enumerate(args):
    write(os.path.join(corpus, 'args', '%03d' % k), bytes([i, mode]) + text.encode())

claims_good = '''{ "game": "Super Mario Bros.", "claims": [ { "id": "smb1/x", "status": "draft",
  "sentence": "s", "checks": [ { "model": "smb1", "axes": { "vx": 0, "env": "air" }, "hold": 40,
  "measure": "column_step", "column": "height_sub", "frame": 0, "expect": 1024 },
  { "model": "smb1", "start": { "speed": 4, "state": 1 }, "seq": "J3.", "frames": 20,
  "measure": "column_series", "column": "speed", "from": 0, "to": 2, "expect": ["$04", 4, 4] } ] } ] }
'''
write(os.path.join(corpus, 'claims', 'good.json'), claims_good)
write(os.path.join(corpus, 'claims', 'bad-measure.json'), claims_good.replace('column_step', 'colum_step'))
write(os.path.join(corpus, 'claims', 'bad-json.json'), claims_good[:120])
write(os.path.join(corpus, 'claims', 'flag.json'), '{"game":"g","claims":[{"id":"sonic1/f","status":"checked","sentence":"s","checks":[{"model":"sonic1","hold":3,"measure":"flag","flag":"not_landed","expect":false,"frames":8}]}]}')
write(os.path.join(corpus, 'case', 'smb1.case'), 'model smb1\naxes vx=0 env=air\nstart y_high=1 y_pos=0 speed=4 speed_frac=0 state=1\nframes 10\ninput J3.7\nbreak fall_cap 0\n')
write(os.path.join(corpus, 'case', 'plain.case'), '# a comment\nmodel celeste\nframes 40\ninput J40\n')
write(os.path.join(corpus, 'case', 'bad.case'), 'model nope\nframes 0\n')

def movie_seeds():
    """fuzz_movie: byte 0 = the index among the models with a movie format (js_models order),
    byte 1 = the format (bk2 fm2 m64 tas = 0..3) | start << 2 (4: the first press)."""
    import tempfile
    d = os.path.join(corpus, 'movie')
    clear(d)
    k, idx = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for m in ms:
            wrote = False
            for f, ext in enumerate(['bk2', 'fm2', 'm64', 'tas']):
                path = os.path.join(tmp, 'm.' + ext)
                r = subprocess.run([js, 'trace', m['id'], '--seq', 'J5.3J2', '--movie', path],
                                   capture_output=True)
                if r.returncode != 0:
                    continue
                wrote = True
                data = open(path, 'rb').read()
                write(os.path.join(d, '%03d' % k), bytes([idx, f | 4 << 2]) + data)
                write(os.path.join(d, '%03d' % (k + 1)), bytes([idx, f]) + data[:len(data) // 2])
                k += 2
            idx += wrote
    return k


n_movie = movie_seeds()

# Dictionaries.
d = os.path.join(here, 'dict')
os.makedirs(d, exist_ok=True)
names = sorted({n for m in ms for n, _ in m['axes']} |
               {v for m in ms for _, vals in m['axes'] if '|' in vals for v in vals.split('|')})
with open(os.path.join(d, 'args.dict'), 'w') as f:
    for t in names + ['=', ':', '-', '0x', '$', '[', ']', '.', 'J', 'D', 'Z', 'B', '[JD]', '4096', '-32768', '2147483647']:
        f.write('"%s"\n' % t)
keys = ['game', 'claims', 'comment', 'id', 'status', 'checked', 'draft', 'sentence', 'seed', 'checks',
        'model', 'axes', 'start', 'hold', 'seq', 'frames', 'measure', 'column', 'frame', 'from', 'to',
        'flag', 'expect', 'tolerance', 'rise', 'rise_units', 'apex_frame', 'airtime', 'column_step',
        'column_series', 'column_max', 'column_min', 'height_sub', 'grounded']
with open(os.path.join(d, 'claims.dict'), 'w') as f:
    for k in keys + [m['id'] for m in ms]:
        f.write('"\\"%s\\""\n' % k)
    for t in ['{', '}', '[', ']', ':', ',', 'true', 'false', 'null', '"$70"', '"-0x680"', '1e308']:
        f.write('"%s"\n' % t.replace('"', '\\"'))
with open(os.path.join(d, 'case.dict'), 'w') as f:
    for t in ['model ', 'axes ', 'start ', 'frames ', 'input ', 'break ', '\\x0A', '=', '#'] + \
             [m['id'] for m in ms] + sorted({x for m in ms for x in m['fields']}) + names:
        f.write('"%s"\n' % t)
with open(os.path.join(d, 'model.dict'), 'w') as f:
    for t in ['\\x00', '\\xff', '\\x7f', '\\x80', '\\x00\\x00\\x00\\x00', '\\xff\\xff\\xff\\xff',
              '\\x7f\\xff\\xff\\xff', '\\x80\\x00\\x00\\x00', '\\x01\\x00\\x00\\x00']:
        f.write('"%s"\n' % t)
with open(os.path.join(d, 'movie.dict'), 'w') as f:
    for t in ['[Input]', '[/Input]', 'LogKey:', '#', '|', '|..|', '    0,', 'Platform ', 'NES', 'SNES',
              'N64', 'GEN', 'GBA', 'PSX', 'Header.txt', 'Input Log.txt', 'PK\\x03\\x04',
              'PK\\x01\\x02', 'PK\\x05\\x06', 'M64\\x1a', 'version 3', 'port0 1', '|0|',
              '.......A', ',J', ',D', ',K', 'Repeat', 'Read', 'P1 A', 'P1 B', 'P1 Cross']:
        f.write('"%s"\n' % t)
print('fuzz: %d models, %d arg seeds, %d movie seeds' % (len(ms), len(args), n_movie))
