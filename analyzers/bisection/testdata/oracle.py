"""An independent check of topoc's bisection on the GraphML it writes.

Usage: /usr/bin/python3 oracle.py MANIFEST GPMETIS WORKDIR

MANIFEST is a JSON list of cases, each {"name", "graphml", "fabric",
"vertex" (per IR node id: its analysis-graph vertex, or -1), "terminals"
(per terminal: its vertex), "side_a" (per terminal: true when topoc's cut
puts it in side A), "upper_bps", "lower_bps"}. For each case the graph is
rebuilt from the GraphML alone: the edges whose "fabric" attribute is the
fabric, and the edges with no fabric (links inside servers) whose ends
both belong to the analysis graph, each at capacity_bps (a bundle of "parallel" links holds their sum),
parallel edges summed. Then:

  1. networkx maximum_flow_value evaluates topoc's own split (a super
     source joined to side A's terminals, a super sink to side B's,
     without capacity limit): it must equal topoc's upper bound;
  2. gpmetis bisects the same graph (terminal counts as vertex weights,
     capacities rescaled to integer edge weights), its terminal split is
     rebalanced to sizes differing by at most one (terminals move from the
     heavier side, those with the most capacity towards the lighter side
     first, DESIGN.md "METIS as an oracle") and evaluated by networkx
     max-flow: topoc's upper bound must not exceed it, and its lower bound
     must not exceed it either (a real cut is an upper bound on the
     bisection).

Prints one JSON list of {"name", "topoc_split_bps", "metis_bps"}.
"""
import json
import subprocess
import sys

import networkx as nx


def rebuild(case):
    full = nx.read_graphml(case["graphml"])
    vertex = case["vertex"]
    g = nx.Graph()
    g.add_nodes_from(range(max(vertex) + 1))
    for u, v, d in full.edges(data=True):
        fab = d.get("fabric", "")
        vu, vv = vertex[int(u[1:])], vertex[int(v[1:])]
        if vu < 0 or vv < 0 or vu == vv:
            continue
        if fab != case["fabric"] and fab != "":
            continue
        c = float(d["capacity_bps"])  # a bundle's sum (its "parallel" links together)
        if g.has_edge(vu, vv):
            g[vu][vv]["capacity"] += c
        else:
            g.add_edge(vu, vv, capacity=c)
    return g


def flow(g, terms, side_a):
    d = g.to_directed()
    for t, a in zip(terms, side_a):
        if a:
            d.add_edge("s", t)
        else:
            d.add_edge(t, "t")
    return nx.maximum_flow_value(d, "s", "t", capacity="capacity")


def metis(g, terms, gpmetis, path):
    n = g.number_of_nodes()
    weight = [0] * n
    for t in terms:
        weight[t] += 1
    unit = min(d["capacity"] for _, _, d in g.edges(data=True)) / 1000
    lines = []
    for v in range(n):
        parts = [str(weight[v])]
        for u in sorted(g.neighbors(v)):
            parts += [str(u + 1), str(max(1, round(g[v][u]["capacity"] / unit)))]
        lines.append(" ".join(parts))
    with open(path, "w") as f:
        f.write("%d %d 011\n" % (n, g.number_of_edges()))
        f.write("\n".join(lines) + "\n")
    subprocess.run([gpmetis, "-ptype=rb", "-seed=1", path, "2"], check=True, capture_output=True)
    with open(path + ".part.2") as f:
        part = [line.strip() == "0" for line in f]
    side = [part[t] for t in terms]
    k = len(terms)

    def pull(i):
        v = terms[i]
        c = 0.0
        for u in g.neighbors(v):
            c += g[v][u]["capacity"] if part[u] != part[v] else -g[v][u]["capacity"]
        return c

    count = sum(side)
    while count > (k + 1) // 2 or count < k // 2:
        heavy = count > (k + 1) // 2
        best = max((i for i in range(k) if side[i] == heavy), key=pull)
        side[best] = not heavy
        part[terms[best]] = not heavy
        count += -1 if heavy else 1
    return flow(g, terms, side)


def main():
    cases = json.load(open(sys.argv[1]))
    gpmetis, work = sys.argv[2], sys.argv[3]
    out = []
    for i, c in enumerate(cases):
        g = rebuild(c)
        out.append({"name": c["name"],
                    "topoc_split_bps": flow(g, c["terminals"], c["side_a"]),
                    "metis_bps": metis(g, c["terminals"], gpmetis, "%s/c%02d.graph" % (work, i))})
    json.dump(out, sys.stdout)


main()
