# Issue 19 attack: 3,000 collectives took 41 s; a design holds at most 256.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

workload "w" {
  gpus         = node_group.dgx.gpus
  compute_time = "1s"
  collective "c0" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c1" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c2" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c3" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c4" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c5" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c6" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c7" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c8" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c9" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c10" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c11" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c12" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c13" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c14" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c15" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c16" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c17" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c18" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c19" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c20" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c21" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c22" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c23" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c24" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c25" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c26" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c27" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c28" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c29" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c30" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c31" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c32" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c33" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c34" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c35" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c36" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c37" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c38" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c39" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c40" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c41" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c42" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c43" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c44" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c45" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c46" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c47" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c48" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c49" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c50" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c51" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c52" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c53" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c54" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c55" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c56" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c57" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c58" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c59" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c60" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c61" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c62" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c63" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c64" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c65" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c66" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c67" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c68" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c69" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c70" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c71" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c72" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c73" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c74" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c75" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c76" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c77" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c78" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c79" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c80" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c81" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c82" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c83" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c84" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c85" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c86" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c87" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c88" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c89" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c90" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c91" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c92" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c93" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c94" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c95" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c96" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c97" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c98" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c99" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c100" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c101" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c102" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c103" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c104" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c105" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c106" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c107" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c108" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c109" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c110" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c111" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c112" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c113" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c114" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c115" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c116" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c117" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c118" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c119" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c120" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c121" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c122" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c123" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c124" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c125" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c126" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c127" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c128" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c129" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c130" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c131" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c132" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c133" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c134" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c135" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c136" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c137" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c138" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c139" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c140" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c141" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c142" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c143" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c144" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c145" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c146" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c147" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c148" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c149" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c150" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c151" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c152" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c153" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c154" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c155" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c156" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c157" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c158" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c159" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c160" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c161" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c162" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c163" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c164" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c165" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c166" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c167" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c168" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c169" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c170" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c171" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c172" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c173" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c174" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c175" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c176" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c177" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c178" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c179" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c180" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c181" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c182" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c183" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c184" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c185" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c186" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c187" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c188" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c189" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c190" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c191" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c192" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c193" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c194" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c195" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c196" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c197" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c198" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c199" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c200" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c201" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c202" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c203" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c204" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c205" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c206" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c207" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c208" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c209" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c210" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c211" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c212" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c213" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c214" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c215" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c216" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c217" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c218" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c219" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c220" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c221" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c222" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c223" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c224" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c225" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c226" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c227" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c228" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c229" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c230" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c231" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c232" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c233" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c234" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c235" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c236" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c237" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c238" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c239" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c240" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c241" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c242" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c243" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c244" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c245" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c246" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c247" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c248" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c249" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c250" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c251" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c252" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c253" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c254" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c255" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "c256" {
    op   = "allreduce"
    size = "1GB"
  }
}
