"""Times networkx on a graph exported by cmd/topoc-sidebyside.

Usage: /usr/bin/python3 peers.py --graphml GRAPHML FABRIC SPLIT
       /usr/bin/python3 peers.py --edges EDGES SPLIT

--graphml reads the GraphML that `topoc build --emit graphml` writes and
keeps the edges whose "fabric" attribute is FABRIC (capacity_bps, bits
per second per direction); node ids there are "n" + the IR node id.
--edges reads one link per line, "u v capacity" (ids from 0, capacity in
Gb/s). Parallel links are summed into one edge, as a cut counts them.
SPLIT holds two lines of node ids (IR ids for --graphml): side A and
side B of the fixed split. Prints one JSON object: seconds to read the
graph, to count connected components, and to compute the maximum flow
from side A to side B (a super source and sink joined to the sides
without capacity limit); the component count, the flow in Gb/s, and the
fabric graph's node and edge counts.
"""
import json
import sys
import time

import networkx as nx


def add(g, u, v, c):
    if g.has_edge(u, v):
        g[u][v]["capacity"] += c
    else:
        g.add_edge(u, v, capacity=c)


def main():
    mode = sys.argv[1]
    t0 = time.perf_counter()
    g = nx.Graph()
    if mode == "--graphml":
        path, fabric, split_path = sys.argv[2], sys.argv[3], sys.argv[4]
        full = nx.read_graphml(path)
        for u, v, d in full.edges(data=True):
            if d.get("fabric") == fabric:
                add(g, u, v, float(d["capacity_bps"]) / 1e9)
        name = lambda x: "n" + x
    else:
        path, split_path = sys.argv[2], sys.argv[3]
        with open(path) as f:
            for line in f:
                u, v, c = line.split()
                add(g, int(u), int(v), float(c))
        name = int
    with open(split_path) as f:
        side_a = [name(x) for x in f.readline().split()]
        side_b = [name(x) for x in f.readline().split()]
    t1 = time.perf_counter()
    pieces = nx.number_connected_components(g)
    t2 = time.perf_counter()
    # Undirected edges act as two arcs of the same capacity; super source
    # and sink edges carry no capacity attribute, which networkx treats
    # as unbounded.
    d = g.to_directed()
    for a in side_a:
        d.add_edge("s", a)
    for b in side_b:
        d.add_edge(b, "t")
    t3 = time.perf_counter()
    flow = nx.maximum_flow_value(d, "s", "t", capacity="capacity")
    t4 = time.perf_counter()
    json.dump({"read_s": t1 - t0, "components_s": t2 - t1, "maxflow_s": t4 - t3,
               "components": pieces, "maxflow_gbps": flow,
               "nodes": g.number_of_nodes(), "edges": g.number_of_edges()}, sys.stdout)


main()
