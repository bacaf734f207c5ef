/*
 * Maximum-weight matching in general graphs, with exact 128-bit integer
 * weights, returning the optimal dual solution (the optimality certificate).
 *
 * A C port of Joris van Rantwijk's mwmatching.py (public domain, 2008), the
 * O(n^3) implementation of Edmonds' blossom algorithm with Galil's dual
 * updates that networkx and rustworkx also port.  Same structure, same names,
 * same order of operations; only the Python lists became arrays.
 *
 *   solve(n, us, vs, ws, max_cardinality=False, dual=None, mate=None)
 *       -> (mate, dual, parent)
 *
 * us, vs: sequences of vertex numbers (0 <= u, v < n, u != v); ws: Python
 * ints (|w| < 2^100 keeps every intermediate value inside 128 bits).
 * mate[v]: partner of v or -1.
 * dual[0:n]: vertex duals in the algorithm's doubling convention (2 y_v);
 * dual[n:2n]: blossom duals z_B (not doubled) for blossoms that exist at the
 * end, 0 otherwise.
 * parent[0:2n]: enclosing blossom (n <= b < 2n) of vertex/blossom, -1 at
 * the top level, -2 for blossom ids not in use at the end.
 * Warm start (optional): ``dual`` gives the initial vertex duals (doubled,
 * feasible on every edge, the unmatched vertices' ones all of one parity) and
 * ``mate`` an initial matching of tight edges (partner or -1).  Without
 * them every dual starts at the largest weight and the matching is empty, as
 * in mwmatching.py.  A warm start is only sound with max_cardinality (no
 * dual reaches a stop at 0 in step with the others otherwise).
 * The doubled reduced cost of an edge (i, j, w) is
 *   dual[i] + dual[j] + 2 * sum(dual[B] for blossoms B containing i and j) - 2 w.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

typedef __int128 i128;

typedef struct {
    int len, cap;
    int *a;
} ivec;

static int iv_push(ivec *v, int x) {
    if (v->len == v->cap) {
        int nc = v->cap ? 2 * v->cap : 8;
        int *na = (int *)realloc(v->a, sizeof(int) * (size_t)nc);
        if (!na) return -1;
        v->a = na;
        v->cap = nc;
    }
    v->a[v->len++] = x;
    return 0;
}

static void iv_free(ivec *v) {
    free(v->a);
    v->a = NULL;
    v->len = v->cap = 0;
}

static void iv_reverse(ivec *v) {
    for (int i = 0, j = v->len - 1; i < j; i++, j--) {
        int t = v->a[i];
        v->a[i] = v->a[j];
        v->a[j] = t;
    }
}

/* rotate left by k: a[k:] + a[:k] */
static int iv_rotate(ivec *v, int k) {
    if (k == 0 || v->len == 0) return 0;
    int *tmp = (int *)malloc(sizeof(int) * (size_t)v->len);
    if (!tmp) return -1;
    for (int i = 0; i < v->len; i++) tmp[i] = v->a[(i + k) % v->len];
    memcpy(v->a, tmp, sizeof(int) * (size_t)v->len);
    free(tmp);
    return 0;
}

typedef struct {
    int nvertex, nedge;
    int maxcardinality;
    const int *eu, *ev; /* edge endpoints */
    const i128 *ew;     /* edge weights */
    int *endpoint;      /* 2*nedge */
    int *nb_start, *nb; /* CSR of neighbend */
    int *mate;
    int *label, *labelend, *inblossom, *blossomparent, *blossombase, *bestedge;
    ivec *blossomchilds, *blossomendps, *blossombestedges;
    char *hasbestedges; /* blossombestedges[b] is not None */
    int *unused;
    int nunused;
    i128 *dualvar;
    char *allowedge;
    int *queue;
    int qlen;
    int *bestedgeto;
    int *leaves; /* scratch for blossomLeaves */
    int nomem;
} M;

static inline i128 slack(M *m, int k) {
    return m->dualvar[m->eu[k]] + m->dualvar[m->ev[k]] - 2 * m->ew[k];
}

/* Append the leaves (vertices) of blossom b to out[*cnt...]. */
static void leaves_of(M *m, int b, int *out, int *cnt) {
    if (b < m->nvertex) {
        out[(*cnt)++] = b;
        return;
    }
    ivec *ch = &m->blossomchilds[b];
    for (int i = 0; i < ch->len; i++) {
        int t = ch->a[i];
        if (t < m->nvertex)
            out[(*cnt)++] = t;
        else
            leaves_of(m, t, out, cnt);
    }
}

static void assignLabel(M *m, int w, int t, int p) {
    for (;;) {
        int b = m->inblossom[w];
        m->label[w] = m->label[b] = t;
        m->labelend[w] = m->labelend[b] = p;
        m->bestedge[w] = m->bestedge[b] = -1;
        if (t == 1) {
            int cnt = 0;
            leaves_of(m, b, m->queue + m->qlen, &cnt);
            m->qlen += cnt;
            return;
        } else if (t == 2) {
            int base = m->blossombase[b];
            int mb = m->mate[base];
            w = m->endpoint[mb];
            t = 1;
            p = mb ^ 1;
            continue;
        }
        return;
    }
}

static int scanBlossom(M *m, int v, int w) {
    int cap = 16, len = 0;
    int *pa = (int *)malloc(sizeof(int) * (size_t)cap);
    if (!pa) { m->nomem = 1; return -1; }
    int base = -1;
    while (v != -1 || w != -1) {
        int b = m->inblossom[v];
        if (m->label[b] & 4) {
            base = m->blossombase[b];
            break;
        }
        if (len == cap) {
            cap *= 2;
            int *np_ = (int *)realloc(pa, sizeof(int) * (size_t)cap);
            if (!np_) { free(pa); m->nomem = 1; return -1; }
            pa = np_;
        }
        pa[len++] = b;
        m->label[b] = 5;
        if (m->labelend[b] == -1) {
            v = -1;
        } else {
            v = m->endpoint[m->labelend[b]];
            b = m->inblossom[v];
            v = m->endpoint[m->labelend[b]];
        }
        if (w != -1) {
            int t = v;
            v = w;
            w = t;
        }
    }
    for (int i = 0; i < len; i++) m->label[pa[i]] = 1;
    free(pa);
    return base;
}

/* Edge kk of blossom b's leaves: keep it in bestedgeto[bj] if it is the least slack one
   to the neighbouring S-blossom bj so far (touched: the bj seen). -1: out of memory. */
static inline int keepBestEdge(M *m, int b, int kk, int *bestedgeto, ivec *touched) {
    int j = m->inblossom[m->ev[kk]] == b ? m->eu[kk] : m->ev[kk];
    int bj = m->inblossom[j];
    if (bj != b && m->label[bj] == 1 && (bestedgeto[bj] == -1 || slack(m, kk) < slack(m, bestedgeto[bj]))) {
        if (bestedgeto[bj] == -1 && iv_push(touched, bj)) return -1;
        bestedgeto[bj] = kk;
    }
    return 0;
}

static void addBlossom(M *m, int base, int k) {
    int nv = m->nvertex;
    int v = m->eu[k], w = m->ev[k];
    int bb = m->inblossom[base];
    int bv = m->inblossom[v];
    int bw = m->inblossom[w];
    int b = m->unused[--m->nunused];
    m->blossombase[b] = base;
    m->blossomparent[b] = -1;
    m->blossomparent[bb] = b;
    ivec *path = &m->blossomchilds[b];
    ivec *endps = &m->blossomendps[b];
    path->len = 0;
    endps->len = 0;
    while (bv != bb) {
        m->blossomparent[bv] = b;
        if (iv_push(path, bv) || iv_push(endps, m->labelend[bv])) { m->nomem = 1; return; }
        v = m->endpoint[m->labelend[bv]];
        bv = m->inblossom[v];
    }
    if (iv_push(path, bb)) { m->nomem = 1; return; }
    iv_reverse(path);
    iv_reverse(endps);
    if (iv_push(endps, 2 * k)) { m->nomem = 1; return; }
    while (bw != bb) {
        m->blossomparent[bw] = b;
        if (iv_push(path, bw) || iv_push(endps, m->labelend[bw] ^ 1)) { m->nomem = 1; return; }
        w = m->endpoint[m->labelend[bw]];
        bw = m->inblossom[w];
    }
    m->label[b] = 1;
    m->labelend[b] = m->labelend[bb];
    m->dualvar[b] = 0;
    int cnt = 0;
    leaves_of(m, b, m->leaves, &cnt);
    for (int i = 0; i < cnt; i++) {
        int x = m->leaves[i];
        if (m->label[m->inblossom[x]] == 2) m->queue[m->qlen++] = x;
        m->inblossom[x] = b;
    }
    /* best edges to neighbouring S-blossoms */
    int *bestedgeto = m->bestedgeto; /* all -1 on entry */
    ivec touched = {0, 0, NULL};
    for (int ci = 0; ci < path->len; ci++) {
        bv = path->a[ci];
        if (!m->hasbestedges[bv]) {
            int c2 = 0;
            leaves_of(m, bv, m->leaves, &c2);
            for (int li = 0; li < c2; li++) {
                int x = m->leaves[li];
                for (int q = m->nb_start[x]; q < m->nb_start[x + 1]; q++)
                    if (keepBestEdge(m, b, m->nb[q] / 2, bestedgeto, &touched)) { m->nomem = 1; return; }
            }
        } else {
            ivec *nbl = &m->blossombestedges[bv];
            for (int q = 0; q < nbl->len; q++)
                if (keepBestEdge(m, b, nbl->a[q], bestedgeto, &touched)) { m->nomem = 1; return; }
        }
        if (bv >= nv) m->blossombestedges[bv].len = 0;
        m->hasbestedges[bv] = 0;
        m->bestedge[bv] = -1;
    }
    /* blossombestedges[b] = [k for k in bestedgeto if k != -1]: in order of bj */
    ivec *bbe = &m->blossombestedges[b];
    bbe->len = 0;
    if (touched.len > 1) {
        for (int i = 1; i < touched.len; i++) {
            int x = touched.a[i], j = i - 1;
            while (j >= 0 && touched.a[j] > x) { touched.a[j + 1] = touched.a[j]; j--; }
            touched.a[j + 1] = x;
        }
    }
    for (int i = 0; i < touched.len; i++) {
        if (iv_push(bbe, bestedgeto[touched.a[i]])) { m->nomem = 1; iv_free(&touched); return; }
        bestedgeto[touched.a[i]] = -1;
    }
    iv_free(&touched);
    m->hasbestedges[b] = 1;
    m->bestedge[b] = -1;
    for (int i = 0; i < bbe->len; i++) {
        int kk = bbe->a[i];
        if (m->bestedge[b] == -1 || slack(m, kk) < slack(m, m->bestedge[b])) m->bestedge[b] = kk;
    }
}

static int index_of(ivec *v, int x) {
    for (int i = 0; i < v->len; i++)
        if (v->a[i] == x) return i;
    return -1;
}

/* The walk around a blossom's cycle from child j (of L) to its base, as mwmatching.py
   starts it: forward (jstep 1, endptrick 0) from an odd j, else backward. */
static inline void walkStart(int *j, int L, int *jstep, int *endptrick) {
    if (*j & 1) {
        *j -= L;
        *jstep = 1;
        *endptrick = 0;
    } else {
        *jstep = -1;
        *endptrick = 1;
    }
}

static void expandBlossom(M *m, int b, int endstage) {
    int nv = m->nvertex;
    ivec *ch = &m->blossomchilds[b];
    for (int ci = 0; ci < ch->len; ci++) {
        int s = ch->a[ci];
        m->blossomparent[s] = -1;
        if (s < nv) {
            m->inblossom[s] = s;
        } else if (endstage && m->dualvar[s] == 0) {
            expandBlossom(m, s, endstage);
        } else {
            int cnt = 0;
            leaves_of(m, s, m->leaves, &cnt);
            for (int i = 0; i < cnt; i++) m->inblossom[m->leaves[i]] = s;
        }
    }
    if (!endstage && m->label[b] == 2) {
        int entrychild = m->inblossom[m->endpoint[m->labelend[b] ^ 1]];
        int L = ch->len;
        int j = index_of(ch, entrychild);
        int jstep, endptrick;
        walkStart(&j, L, &jstep, &endptrick);
        int *E = m->blossomendps[b].a;
#define IDX(x) (((x) % L + L) % L)
        int p = m->labelend[b];
        while (j != 0) {
            m->label[m->endpoint[p ^ 1]] = 0;
            m->label[m->endpoint[E[IDX(j - endptrick)] ^ endptrick ^ 1]] = 0;
            assignLabel(m, m->endpoint[p ^ 1], 2, p);
            m->allowedge[E[IDX(j - endptrick)] / 2] = 1;
            j += jstep;
            p = E[IDX(j - endptrick)] ^ endptrick;
            m->allowedge[p / 2] = 1;
            j += jstep;
        }
        int bv = ch->a[IDX(j)];
        m->label[m->endpoint[p ^ 1]] = m->label[bv] = 2;
        m->labelend[m->endpoint[p ^ 1]] = m->labelend[bv] = p;
        m->bestedge[bv] = -1;
        j += jstep;
        while (ch->a[IDX(j)] != entrychild) {
            bv = ch->a[IDX(j)];
            if (m->label[bv] == 1) {
                j += jstep;
                continue;
            }
            int cnt = 0;
            leaves_of(m, bv, m->leaves, &cnt);
            int v = -1;
            for (int i = 0; i < cnt; i++) {
                v = m->leaves[i];
                if (m->label[v] != 0) break;
            }
            if (v >= 0 && m->label[v] != 0) {
                m->label[v] = 0;
                m->label[m->endpoint[m->mate[m->blossombase[bv]]]] = 0;
                assignLabel(m, v, 2, m->labelend[v]);
            }
            j += jstep;
        }
#undef IDX
    }
    m->label[b] = m->labelend[b] = -1;
    m->blossomchilds[b].len = 0;
    m->blossomendps[b].len = 0;
    m->blossombase[b] = -1;
    m->blossombestedges[b].len = 0;
    m->hasbestedges[b] = 0;
    m->bestedge[b] = -1;
    m->unused[m->nunused++] = b;
}

static void augmentBlossom(M *m, int b, int v) {
    int nv = m->nvertex;
    int t = v;
    while (m->blossomparent[t] != b) t = m->blossomparent[t];
    if (t >= nv) augmentBlossom(m, t, v);
    ivec *ch = &m->blossomchilds[b];
    int L = ch->len;
    int i = index_of(ch, t), j = i;
    int jstep, endptrick;
    walkStart(&j, L, &jstep, &endptrick);
#define IDX(x) (((x) % L + L) % L)
    while (j != 0) {
        j += jstep;
        t = ch->a[IDX(j)];
        int p = m->blossomendps[b].a[IDX(j - endptrick)] ^ endptrick;
        if (t >= nv) augmentBlossom(m, t, m->endpoint[p]);
        j += jstep;
        t = ch->a[IDX(j)];
        if (t >= nv) augmentBlossom(m, t, m->endpoint[p ^ 1]);
        m->mate[m->endpoint[p]] = p ^ 1;
        m->mate[m->endpoint[p ^ 1]] = p;
    }
#undef IDX
    if (iv_rotate(ch, i) || iv_rotate(&m->blossomendps[b], i)) { m->nomem = 1; return; }
    m->blossombase[b] = m->blossombase[ch->a[0]];
}

static void augmentMatching(M *m, int k) {
    int nv = m->nvertex;
    int sv[2] = {m->eu[k], m->ev[k]};
    int pv[2] = {2 * k + 1, 2 * k};
    for (int r = 0; r < 2; r++) {
        int s = sv[r], p = pv[r];
        for (;;) {
            int bs = m->inblossom[s];
            if (bs >= nv) augmentBlossom(m, bs, s);
            m->mate[s] = p;
            if (m->labelend[bs] == -1) break;
            int t = m->endpoint[m->labelend[bs]];
            int bt = m->inblossom[t];
            s = m->endpoint[m->labelend[bt]];
            int j = m->endpoint[m->labelend[bt] ^ 1];
            if (bt >= nv) augmentBlossom(m, bt, j);
            m->mate[j] = m->labelend[bt];
            p = m->labelend[bt] ^ 1;
        }
    }
}

static inline i128 minVertexDual(M *m) {
    i128 delta = m->dualvar[0];
    for (int v = 1; v < m->nvertex; v++)
        if (m->dualvar[v] < delta) delta = m->dualvar[v];
    return delta;
}

static int run(M *m) {
    int nv = m->nvertex, ne = m->nedge;
    for (int t = 0; t < nv; t++) {
        for (int i = 0; i < 2 * nv; i++) {
            m->label[i] = 0;
            m->bestedge[i] = -1;
        }
        for (int b = nv; b < 2 * nv; b++) {
            m->blossombestedges[b].len = 0;
            m->hasbestedges[b] = 0;
        }
        memset(m->allowedge, 0, (size_t)ne);
        m->qlen = 0;
        for (int v = 0; v < nv; v++)
            if (m->mate[v] == -1 && m->label[m->inblossom[v]] == 0) assignLabel(m, v, 1, -1);
        int augmented = 0;
        for (;;) {
            while (m->qlen > 0 && !augmented) {
                int v = m->queue[--m->qlen];
                for (int q = m->nb_start[v]; q < m->nb_start[v + 1]; q++) {
                    int p = m->nb[q];
                    int k = p / 2;
                    int w = m->endpoint[p];
                    if (m->inblossom[v] == m->inblossom[w]) continue;
                    i128 kslack = 0;
                    if (!m->allowedge[k]) {
                        kslack = slack(m, k);
                        if (kslack <= 0) m->allowedge[k] = 1;
                    }
                    if (m->allowedge[k]) {
                        if (m->label[m->inblossom[w]] == 0) {
                            assignLabel(m, w, 2, p ^ 1);
                        } else if (m->label[m->inblossom[w]] == 1) {
                            int base = scanBlossom(m, v, w);
                            if (m->nomem) return -1;
                            if (base >= 0) {
                                addBlossom(m, base, k);
                                if (m->nomem) return -1;
                            } else {
                                augmentMatching(m, k);
                                if (m->nomem) return -1;
                                augmented = 1;
                                break;
                            }
                        } else if (m->label[w] == 0) {
                            m->label[w] = 2;
                            m->labelend[w] = p ^ 1;
                        }
                    } else if (m->label[m->inblossom[w]] == 1) {
                        int b = m->inblossom[v];
                        if (m->bestedge[b] == -1 || kslack < slack(m, m->bestedge[b])) m->bestedge[b] = k;
                    } else if (m->label[w] == 0) {
                        if (m->bestedge[w] == -1 || kslack < slack(m, m->bestedge[w])) m->bestedge[w] = k;
                    }
                }
            }
            if (augmented) break;
            int deltatype = -1, deltaedge = -1, deltablossom = -1;
            i128 delta = 0;
            if (!m->maxcardinality) {
                deltatype = 1;
                delta = minVertexDual(m);
            }
            for (int v = 0; v < nv; v++) {
                if (m->label[m->inblossom[v]] == 0 && m->bestedge[v] != -1) {
                    i128 d = slack(m, m->bestedge[v]);
                    if (deltatype == -1 || d < delta) {
                        delta = d;
                        deltatype = 2;
                        deltaedge = m->bestedge[v];
                    }
                }
            }
            for (int b = 0; b < 2 * nv; b++) {
                if (m->blossomparent[b] == -1 && m->label[b] == 1 && m->bestedge[b] != -1) {
                    i128 d = slack(m, m->bestedge[b]) / 2; /* even: integer weights */
                    if (deltatype == -1 || d < delta) {
                        delta = d;
                        deltatype = 3;
                        deltaedge = m->bestedge[b];
                    }
                }
            }
            for (int b = nv; b < 2 * nv; b++) {
                if (m->blossombase[b] >= 0 && m->blossomparent[b] == -1 && m->label[b] == 2 &&
                    (deltatype == -1 || m->dualvar[b] < delta)) {
                    delta = m->dualvar[b];
                    deltatype = 4;
                    deltablossom = b;
                }
            }
            if (deltatype == -1) {
                deltatype = 1;
                delta = minVertexDual(m);
                if (delta < 0) delta = 0;
            }
            for (int v = 0; v < nv; v++) {
                int l = m->label[m->inblossom[v]];
                if (l == 1)
                    m->dualvar[v] -= delta;
                else if (l == 2)
                    m->dualvar[v] += delta;
            }
            for (int b = nv; b < 2 * nv; b++) {
                if (m->blossombase[b] >= 0 && m->blossomparent[b] == -1) {
                    if (m->label[b] == 1)
                        m->dualvar[b] += delta;
                    else if (m->label[b] == 2)
                        m->dualvar[b] -= delta;
                }
            }
            if (deltatype == 1) {
                break;
            } else if (deltatype == 2) {
                m->allowedge[deltaedge] = 1;
                int i = m->eu[deltaedge], j = m->ev[deltaedge];
                if (m->label[m->inblossom[i]] == 0) { int tt = i; i = j; j = tt; }
                m->queue[m->qlen++] = i;
            } else if (deltatype == 3) {
                m->allowedge[deltaedge] = 1;
                m->queue[m->qlen++] = m->eu[deltaedge];
            } else if (deltatype == 4) {
                expandBlossom(m, deltablossom, 0);
                if (m->nomem) return -1;
            }
        }
        if (!augmented) break;
        for (int b = nv; b < 2 * nv; b++) {
            if (m->blossomparent[b] == -1 && m->blossombase[b] >= 0 && m->label[b] == 1 && m->dualvar[b] == 0) {
                expandBlossom(m, b, 1);
                if (m->nomem) return -1;
            }
        }
    }
    return 0;
}

/* ---- Python glue ---- */

static PyObject *mask64 = NULL, *sixtyfour = NULL;

static int to_i128(PyObject *o, i128 *out) {
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (!overflow) {
        *out = (i128)x;
        return 0;
    }
    PyObject *lo = PyNumber_And(o, mask64);
    if (!lo) return -1;
    PyObject *hi = PyNumber_Rshift(o, sixtyfour);
    if (!hi) { Py_DECREF(lo); return -1; }
    unsigned long long l = PyLong_AsUnsignedLongLong(lo);
    long long h = PyLong_AsLongLong(hi); /* overflows (error) beyond 2^127 */
    Py_DECREF(lo);
    Py_DECREF(hi);
    if (PyErr_Occurred()) return -1;
    if (h > ((long long)1 << 36) || h < -((long long)1 << 36)) {
        PyErr_SetString(PyExc_OverflowError, "weight too large: |w| must stay below 2^100");
        return -1;
    }
    *out = ((i128)h << 64) | (i128)l;
    return 0;
}

static PyObject *from_i128(i128 x) {
    if (x >= (i128)LLONG_MIN && x <= (i128)LLONG_MAX) return PyLong_FromLongLong((long long)x);
    long long h = (long long)(x >> 64);
    unsigned long long l = (unsigned long long)(x & (i128)0xFFFFFFFFFFFFFFFFULL);
    PyObject *ph = PyLong_FromLongLong(h);
    PyObject *pl = PyLong_FromUnsignedLongLong(l);
    PyObject *sh = ph ? PyNumber_Lshift(ph, sixtyfour) : NULL;
    PyObject *r = (sh && pl) ? PyNumber_Or(sh, pl) : NULL;
    Py_XDECREF(ph);
    Py_XDECREF(pl);
    Py_XDECREF(sh);
    return r;
}

static void free_m(M *m) {
    int nv = m->nvertex;
    if (m->blossomchilds)
        for (int b = 0; b < 2 * nv; b++) iv_free(&m->blossomchilds[b]);
    if (m->blossomendps)
        for (int b = 0; b < 2 * nv; b++) iv_free(&m->blossomendps[b]);
    if (m->blossombestedges)
        for (int b = 0; b < 2 * nv; b++) iv_free(&m->blossombestedges[b]);
    free(m->blossomchilds); free(m->blossomendps); free(m->blossombestedges);
    free(m->endpoint); free(m->nb_start); free(m->nb); free(m->mate);
    free(m->label); free(m->labelend); free(m->inblossom); free(m->blossomparent);
    free(m->blossombase); free(m->bestedge); free(m->hasbestedges); free(m->unused);
    free(m->dualvar); free(m->allowedge); free(m->queue); free(m->bestedgeto); free(m->leaves);
}

/* o as a fast sequence (a new reference) of exactly n items, or NULL with the error set. */
static PyObject *sequenceOf(PyObject *o, Py_ssize_t n, const char *not_a_sequence, const char *wrong_length) {
    PyObject *f = PySequence_Fast(o, not_a_sequence);
    if (!f) return NULL;
    if (PySequence_Fast_GET_SIZE(f) != n) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, wrong_length);
        return NULL;
    }
    return f;
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    Py_ssize_t n;
    PyObject *us, *vs, *ws;
    int maxcard = 0;
    PyObject *init_dual = Py_None, *init_mate = Py_None;
    if (!PyArg_ParseTuple(args, "nOOO|pOO", &n, &us, &vs, &ws, &maxcard, &init_dual, &init_mate)) return NULL;
    if (n < 0 || n > (1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "bad number of vertices");
        return NULL;
    }
    PyObject *fu = PySequence_Fast(us, "us must be a sequence");
    if (!fu) return NULL;
    PyObject *fv = PySequence_Fast(vs, "vs must be a sequence");
    if (!fv) { Py_DECREF(fu); return NULL; }
    PyObject *fw = PySequence_Fast(ws, "ws must be a sequence");
    if (!fw) { Py_DECREF(fu); Py_DECREF(fv); return NULL; }
    Py_ssize_t ne = PySequence_Fast_GET_SIZE(fu);
    PyObject *result = NULL;
    int *eu = NULL, *ev = NULL;
    i128 *ew = NULL;
    M mm;
    memset(&mm, 0, sizeof(mm));
    M *m = &mm;
    int nv = (int)n;
    m->nvertex = nv;
    if (PySequence_Fast_GET_SIZE(fv) != ne || PySequence_Fast_GET_SIZE(fw) != ne) {
        PyErr_SetString(PyExc_ValueError, "us, vs, ws must have the same length");
        goto done;
    }
    eu = (int *)malloc(sizeof(int) * (size_t)(ne + 1));
    ev = (int *)malloc(sizeof(int) * (size_t)(ne + 1));
    ew = (i128 *)malloc(sizeof(i128) * (size_t)(ne + 1));
    if (!eu || !ev || !ew) { PyErr_NoMemory(); goto done; }
    i128 maxweight = 0;
    for (Py_ssize_t k = 0; k < ne; k++) {
        long a = PyLong_AsLong(PySequence_Fast_GET_ITEM(fu, k));
        long b = PyLong_AsLong(PySequence_Fast_GET_ITEM(fv, k));
        if (PyErr_Occurred()) goto done;
        if (a < 0 || b < 0 || a >= n || b >= n || a == b) {
            PyErr_SetString(PyExc_ValueError, "edge endpoints must be distinct vertices in range(n)");
            goto done;
        }
        eu[k] = (int)a;
        ev[k] = (int)b;
        if (to_i128(PySequence_Fast_GET_ITEM(fw, k), &ew[k])) goto done;
        if (ew[k] > maxweight) maxweight = ew[k];
    }
    m->nedge = (int)ne;
    m->maxcardinality = maxcard;
    m->eu = eu;
    m->ev = ev;
    m->ew = ew;
    size_t N2 = (size_t)(2 * nv + 1);
    m->endpoint = (int *)malloc(sizeof(int) * (size_t)(2 * ne + 1));
    m->nb_start = (int *)calloc((size_t)nv + 2, sizeof(int));
    m->nb = (int *)malloc(sizeof(int) * (size_t)(2 * ne + 1));
    m->mate = (int *)malloc(sizeof(int) * N2);
    m->label = (int *)malloc(sizeof(int) * N2);
    m->labelend = (int *)malloc(sizeof(int) * N2);
    m->inblossom = (int *)malloc(sizeof(int) * N2);
    m->blossomparent = (int *)malloc(sizeof(int) * N2);
    m->blossombase = (int *)malloc(sizeof(int) * N2);
    m->bestedge = (int *)malloc(sizeof(int) * N2);
    m->hasbestedges = (char *)calloc(N2, 1);
    m->unused = (int *)malloc(sizeof(int) * N2);
    m->dualvar = (i128 *)malloc(sizeof(i128) * N2);
    m->allowedge = (char *)calloc((size_t)ne + 1, 1);
    m->queue = (int *)malloc(sizeof(int) * (N2 + (size_t)nv + 8) * 2);
    m->bestedgeto = (int *)malloc(sizeof(int) * N2);
    m->leaves = (int *)malloc(sizeof(int) * N2);
    m->blossomchilds = (ivec *)calloc(N2, sizeof(ivec));
    m->blossomendps = (ivec *)calloc(N2, sizeof(ivec));
    m->blossombestedges = (ivec *)calloc(N2, sizeof(ivec));
    if (!m->endpoint || !m->nb_start || !m->nb || !m->mate || !m->label || !m->labelend || !m->inblossom ||
        !m->blossomparent || !m->blossombase || !m->bestedge || !m->hasbestedges || !m->unused || !m->dualvar ||
        !m->allowedge || !m->queue || !m->bestedgeto || !m->leaves || !m->blossomchilds || !m->blossomendps ||
        !m->blossombestedges) {
        PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < ne; k++) {
        m->endpoint[2 * k] = eu[k];
        m->endpoint[2 * k + 1] = ev[k];
        m->nb_start[eu[k] + 1]++;
        m->nb_start[ev[k] + 1]++;
    }
    for (int v = 0; v < nv; v++) m->nb_start[v + 1] += m->nb_start[v];
    {
        int *fill = (int *)malloc(sizeof(int) * ((size_t)nv + 1));
        if (!fill) { PyErr_NoMemory(); goto done; }
        memcpy(fill, m->nb_start, sizeof(int) * (size_t)nv);
        for (int k = 0; k < ne; k++) {
            m->nb[fill[eu[k]]++] = 2 * k + 1;
            m->nb[fill[ev[k]]++] = 2 * k;
        }
        free(fill);
    }
    for (int i = 0; i < 2 * nv; i++) {
        m->mate[i] = -1;
        m->label[i] = 0;
        m->labelend[i] = -1;
        m->inblossom[i] = i < nv ? i : -1;
        m->blossomparent[i] = -1;
        m->blossombase[i] = i < nv ? i : -1;
        m->bestedge[i] = -1;
        m->bestedgeto[i] = -1;
        m->dualvar[i] = i < nv ? maxweight : 0;
    }
    /* warm start: vertex duals and a matching given by the caller */
    if ((init_dual != Py_None || init_mate != Py_None) && !maxcard) {
        PyErr_SetString(PyExc_ValueError, "a warm start needs max_cardinality");
        goto done;
    }
    if (init_mate != Py_None && init_dual == Py_None) {
        PyErr_SetString(PyExc_ValueError, "an initial matching needs initial duals");
        goto done;
    }
    if (init_dual != Py_None) {
        PyObject *fd = sequenceOf(init_dual, nv, "dual must be a sequence", "dual must have n entries");
        if (!fd) goto done;
        for (int v = 0; v < nv; v++) {
            if (to_i128(PySequence_Fast_GET_ITEM(fd, v), &m->dualvar[v])) { Py_DECREF(fd); goto done; }
        }
        Py_DECREF(fd);
        for (int k = 0; k < ne; k++) {
            if (m->dualvar[eu[k]] + m->dualvar[ev[k]] - 2 * ew[k] < 0) {
                PyErr_SetString(PyExc_ValueError, "initial duals are not feasible");
                goto done;
            }
        }
    }
    if (init_mate != Py_None) {
        PyObject *fm = sequenceOf(init_mate, nv, "mate must be a sequence", "mate must have n entries");
        if (!fm) goto done;
        int bad = 0;
        for (int v = 0; v < nv && !bad; v++) {
            long u = PyLong_AsLong(PySequence_Fast_GET_ITEM(fm, v));
            if (u == -1 && PyErr_Occurred()) { bad = 1; break; }
            if (u < 0) continue;
            /* find the edge v-u: its endpoint pointing to u */
            int found = -1;
            for (int q = m->nb_start[v]; q < m->nb_start[v + 1]; q++)
                if (m->endpoint[m->nb[q]] == u) { found = m->nb[q]; break; }
            if (found < 0 || m->dualvar[eu[found / 2]] + m->dualvar[ev[found / 2]] != 2 * ew[found / 2]) {
                bad = 2;
                break;
            }
            m->mate[v] = found;
        }
        for (int v = 0; v < nv && !bad; v++)
            if (m->mate[v] >= 0 && m->mate[m->endpoint[m->mate[v]]] != (m->mate[v] ^ 1)) bad = 2;
        Py_DECREF(fm);
        if (bad) {
            if (bad == 2)
                PyErr_SetString(PyExc_ValueError, "initial mate must be a matching of tight edges");
            goto done;
        }
    }
    if (init_dual != Py_None) {
        /* the blossom algorithm keeps slacks between S-vertices even when all
           unmatched vertices start with duals of the same parity */
        int par = -1;
        for (int v = 0; v < nv; v++) {
            if (m->mate[v] >= 0) continue;
            int p = (int)(m->dualvar[v] & 1);
            if (par == -1) par = p;
            if (p != par) {
                PyErr_SetString(PyExc_ValueError, "duals of unmatched vertices must have one parity");
                goto done;
            }
        }
    }
    /* unusedblossoms = list(range(n, 2n)); pop() takes the last */
    m->nunused = 0;
    for (int b = nv; b < 2 * nv; b++) m->unused[m->nunused++] = b;

    if (ne > 0) {
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = run(m);
        Py_END_ALLOW_THREADS
        if (rc) { PyErr_NoMemory(); goto done; }
    }
    {
        PyObject *mate = PyList_New(nv), *dual = PyList_New(2 * nv), *parent = PyList_New(2 * nv);
        if (!mate || !dual || !parent) {
            Py_XDECREF(mate); Py_XDECREF(dual); Py_XDECREF(parent);
            goto done;
        }
        for (int v = 0; v < nv; v++) {
            int p = m->mate[v];
            PyList_SET_ITEM(mate, v, PyLong_FromLong(p >= 0 ? m->endpoint[p] : -1));
        }
        for (int b = 0; b < 2 * nv; b++) {
            i128 d = m->dualvar[b];
            if (b >= nv && m->blossombase[b] < 0) d = 0;
            PyObject *x = from_i128(d);
            if (!x) { Py_DECREF(mate); Py_DECREF(dual); Py_DECREF(parent); goto done; }
            PyList_SET_ITEM(dual, b, x);
            int par = (b >= nv && m->blossombase[b] < 0) ? -2 : m->blossomparent[b];
            PyList_SET_ITEM(parent, b, PyLong_FromLong(par));
        }
        result = Py_BuildValue("(NNN)", mate, dual, parent);
    }
done:
    free_m(m);
    free(eu);
    free(ev);
    free(ew);
    Py_DECREF(fu);
    Py_DECREF(fv);
    Py_DECREF(fw);
    return result;
}

/* ---- The check of a dual solution over every pair of a field ---- */

typedef struct {
    Py_ssize_t len, cap;
    long long *a;
} lvec;

static int lv_push(lvec *v, long long x) {
    if (v->len == v->cap) {
        Py_ssize_t nc = v->cap ? 2 * v->cap : 1024;
        long long *na = (long long *)realloc(v->a, sizeof(long long) * (size_t)nc);
        if (!na) return -1;
        v->a = na;
        v->cap = nc;
    }
    v->a[v->len++] = x;
    return 0;
}

static PyObject *lv_bytes(lvec *v) {
    return PyBytes_FromStringAndSize((const char *)v->a, (Py_ssize_t)(sizeof(long long) * (size_t)v->len));
}

/* reduced_costs(d, W, allowed, graph, order, parent, lo, hi, z, k)
 *     -> (pick_i, pick_j, tight_i, tight_j, violated, graph_violated)
 *
 * The doubled reduced cost S = d[i] + d[j] + 2 Z[i, j] - 2 W[i, j] of every allowed
 * pair (i, j) of an n-vertex field, both (i, j) and (j, i), in int64: the caller makes
 * sure every term is below 2^60 in magnitude (no overflow).  Z[i, j] is the sum of z
 * over the blossoms holding both.  Returns, of the pairs with S < 0, each row's k most
 * violated ones (smallest S, ties to the lower column; rows in increasing order, each
 * row's picks by (S, column)), the pairs with S == 0 (row, column), each as the bytes
 * of an int64 array, how many pairs have S < 0 and how many of those are in ``graph``.
 *
 * d: int64[n]; W: int64[n * n], allowed and graph: bool[n * n], row-major; order:
 * int64[n], the vertices in an order that keeps every blossom together; parent:
 * int64[2n], the blossom tree (-1 top, -2 not in use); lo, hi: int64[2n], blossom b holds
 * the vertices order[lo[b]:hi[b]]; z: int64[2n], the blossoms' duals (0: none); k >= 1.
 * Along row i in that order, Z[i, .] is piecewise constant: +z where a blossom holding i
 * begins, -z where it ends -- one pass over the row. */
static PyObject *py_reduced_costs(PyObject *self, PyObject *args) {
    PyObject *objs[9];
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOn", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4], &objs[5], &objs[6],
                          &objs[7], &objs[8], &k))
        return NULL;
    Py_buffer bufs[9];
    int got = 0;
    PyObject *result = NULL;
    long long *diff = NULL, *best_s = NULL, *best_j = NULL;
    int *touched = NULL;
    long long violated = 0, graph_violated = 0;
    lvec pi = {0, 0, NULL}, pj = {0, 0, NULL}, ti = {0, 0, NULL}, tj = {0, 0, NULL};
    for (; got < 9; got++)
        if (PyObject_GetBuffer(objs[got], &bufs[got], PyBUF_C_CONTIGUOUS) < 0) goto done;
    Py_ssize_t n = bufs[0].len / 8;
    if (bufs[0].itemsize != 8 || bufs[1].itemsize != 8 || bufs[2].itemsize != 1 || bufs[3].itemsize != 1 ||
        bufs[1].len != 8 * n * n || bufs[2].len != n * n || bufs[3].len != n * n || bufs[4].len != 8 * n ||
        bufs[5].len != 16 * n || bufs[6].len != 16 * n || bufs[7].len != 16 * n || bufs[8].len != 16 * n || k < 1) {
        PyErr_SetString(PyExc_ValueError, "reduced_costs: arrays of the wrong size or type");
        goto done;
    }
    if (k > n) k = n;
    const long long *d = (const long long *)bufs[0].buf, *W = (const long long *)bufs[1].buf;
    const unsigned char *allowed = (const unsigned char *)bufs[2].buf, *graph = (const unsigned char *)bufs[3].buf;
    const long long *order = (const long long *)bufs[4].buf, *parent = (const long long *)bufs[5].buf;
    const long long *lo = (const long long *)bufs[6].buf, *hi = (const long long *)bufs[7].buf;
    const long long *z = (const long long *)bufs[8].buf;
    for (Py_ssize_t p = 0; p < n; p++)
        if (order[p] < 0 || order[p] >= n) {
            PyErr_SetString(PyExc_ValueError, "reduced_costs: order is not a list of the vertices");
            goto done;
        }
    diff = (long long *)calloc((size_t)n + 1, sizeof(long long));
    touched = (int *)malloc(sizeof(int) * (size_t)(4 * n + 2));
    best_s = (long long *)malloc(sizeof(long long) * (size_t)(k + 1));
    best_j = (long long *)malloc(sizeof(long long) * (size_t)(k + 1));
    if (!diff || !touched || !best_s || !best_j) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int nt = 0;
        for (long long b = parent[i], steps = 0; b >= 0 && steps < 2 * n; b = parent[b], steps++) {
            if (b < n || b >= 2 * n || lo[b] < 0 || hi[b] > n || lo[b] > hi[b]) {
                PyErr_SetString(PyExc_ValueError, "reduced_costs: a bad blossom tree");
                goto done;
            }
            if (z[b] > 0) {
                diff[lo[b]] += z[b];
                diff[hi[b]] -= z[b];
                touched[nt++] = (int)lo[b];
                touched[nt++] = (int)hi[b];
            }
        }
        const long long *Wi = W + i * n;
        const unsigned char *ok = allowed + i * n, *in = graph + i * n;
        long long cur = 0, di = d[i];
        Py_ssize_t kept = 0; /* this row's picks so far, sorted by (S, column) */
        for (Py_ssize_t p = 0; p < n; p++) {
            cur += diff[p];
            long long j = order[p];
            if (!ok[j]) continue;
            long long S = di + d[j] + 2 * cur - 2 * Wi[j];
            if (S < 0) {
                violated++;
                graph_violated += in[j] != 0;
                if (kept == k && (S > best_s[k - 1] || (S == best_s[k - 1] && j > best_j[k - 1]))) continue;
                Py_ssize_t at = kept < k ? kept++ : k - 1; /* the place it goes, moved down to its rank */
                while (at > 0 && (S < best_s[at - 1] || (S == best_s[at - 1] && j < best_j[at - 1]))) {
                    best_s[at] = best_s[at - 1];
                    best_j[at] = best_j[at - 1];
                    at--;
                }
                best_s[at] = S;
                best_j[at] = j;
            } else if (S == 0) {
                if (lv_push(&ti, i) || lv_push(&tj, j)) {
                    PyErr_NoMemory();
                    goto done;
                }
            }
        }
        for (int t = 0; t < nt; t++) diff[touched[t]] = 0;
        for (Py_ssize_t t = 0; t < kept; t++)
            if (lv_push(&pi, i) || lv_push(&pj, best_j[t])) {
                PyErr_NoMemory();
                goto done;
            }
    }
    result = Py_BuildValue("(NNNNLL)", lv_bytes(&pi), lv_bytes(&pj), lv_bytes(&ti), lv_bytes(&tj), violated,
                           graph_violated);
done:
    for (int t = 0; t < got; t++) PyBuffer_Release(&bufs[t]);
    free(diff);
    free(touched);
    free(best_s);
    free(best_j);
    free(pi.a);
    free(pj.a);
    free(ti.a);
    free(tj.a);
    return result;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS,
     "solve(n, us, vs, ws, max_cardinality=False, dual=None, mate=None) -> (mate, dual, parent)\n\n"
     "Maximum-weight matching (Edmonds' blossom algorithm, exact 128-bit integers).\n"
     "dual[:n] are the vertex duals doubled, dual[n:] the blossom duals, parent the\n"
     "blossom tree (-1: top level, -2: blossom id not in use)."},
    {"reduced_costs", py_reduced_costs, METH_VARARGS,
     "reduced_costs(d, W, allowed, graph, order, parent, lo, hi, z, k)\n"
     "    -> (pick_i, pick_j, tight_i, tight_j, violated, graph_violated)\n\n"
     "The doubled reduced costs of every allowed pair of a field under a dual solution, in int64:\n"
     "each row's k most violated pairs, the pairs at 0 (bytes of int64 arrays), how many pairs are\n"
     "violated and how many of those are in graph."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_blossom", NULL, -1, methods};

PyMODINIT_FUNC PyInit__blossom(void) {
    mask64 = PyLong_FromUnsignedLongLong(0xFFFFFFFFFFFFFFFFULL);
    sixtyfour = PyLong_FromLong(64);
    if (!mask64 || !sixtyfour) return NULL;
    return PyModule_Create(&module);
}
